package dirdump.sys;

import jnr.constants.platform.OpenFlags;

/**
 * The open(2) flags dirdump passes. On x86_64 and aarch64 they are written out (the two differ only in
 * O_DIRECTORY and O_NOFOLLOW): jnr-constants, which knows every architecture, reads its tables from
 * the jar and formats them on first use, on the thread that binds libc, which a run waits for
 * (docs/performance.md, "Start-up"). Elsewhere its tables are asked.
 */
final class OpenFlag {
    private static final String ARCH = System.getProperty("os.arch");
    private static final boolean X86_64 = "amd64".equals(ARCH) || "x86_64".equals(ARCH);
    private static final boolean AARCH64 = "aarch64".equals(ARCH);
    private static final boolean KNOWN = X86_64 || AARCH64;

    static final int O_RDONLY = 0;
    static final int O_WRONLY = KNOWN ? 0x1 : OpenFlags.O_WRONLY.intValue();
    static final int O_CREAT = KNOWN ? 0x40 : OpenFlags.O_CREAT.intValue();
    static final int O_EXCL = KNOWN ? 0x80 : OpenFlags.O_EXCL.intValue();
    static final int O_NOCTTY = KNOWN ? 0x100 : OpenFlags.O_NOCTTY.intValue();
    static final int O_NONBLOCK = KNOWN ? 0x800 : OpenFlags.O_NONBLOCK.intValue();
    static final int O_APPEND = KNOWN ? 0x400 : OpenFlags.O_APPEND.intValue();
    static final int O_DIRECTORY = X86_64 ? 0x10000 : AARCH64 ? 0x4000 : OpenFlags.O_DIRECTORY.intValue();
    static final int O_NOFOLLOW = X86_64 ? 0x20000 : AARCH64 ? 0x8000 : OpenFlags.O_NOFOLLOW.intValue();
    static final int O_CLOEXEC = KNOWN ? 0x80000 : OpenFlags.O_CLOEXEC.intValue();
    /** Not in jnr-constants; the same on x86_64 and aarch64 (and most others). */
    static final int O_NOATIME = 0x40000;
    /** Not in jnr-constants; as O_NOATIME. */
    static final int O_PATH = 0x200000;
    /** Not in jnr-constants: __O_TMPFILE (as O_NOATIME) with O_DIRECTORY, as the kernel asks. */
    static final int O_TMPFILE = 0x400000 | O_DIRECTORY;

    private OpenFlag() {
    }
}
