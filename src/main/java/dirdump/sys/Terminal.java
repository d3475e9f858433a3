package dirdump.sys;

import jnr.ffi.Pointer;

/** Whether people watch, and how wide their terminal is: progress lines are drawn only for a terminal. */
public final class Terminal {
    private static final int STDERR = 2;
    /** ioctl request for struct winsize {ws_row, ws_col, ws_xpixel, ws_ypixel} (asm-generic, x86 and arm64). */
    private static final long TIOCGWINSZ = 0x5413;
    /** What a terminal that does not say is taken to be, as coreutils do. */
    public static final int DEFAULT_COLUMNS = 80;

    private Terminal() {
    }

    /**
     * isatty(3) on descriptor 2, on the libc binding every run makes anyway (jnr-posix's would be a
     * second, costly binding: docs/performance.md, "Facts behind the code"): System.console() asks
     * about stdin and stdout instead. No terminal if libc
     * cannot be bound.
     */
    public static boolean stderrIsTerminal() {
        try {
            return LibcBinding.get().calls().libc().isatty(STDERR) == 1;
        } catch (LinkageError | RuntimeException e) {
            return false;
        }
    }

    /**
     * Whether this process is in the foreground process group of its controlling terminal (the 5th and
     * 8th fields of /proc/self/stat, pgrp and tpgid): then the terminal's SIGINT (Ctrl-C) and SIGHUP
     * reach every process of the group, a child too. False without a terminal or /proc.
     */
    public static boolean inForeground() {
        try {
            String stat = KernelFile.text(java.nio.file.Path.of("/proc/self/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            long pgrp = Long.parseLong(f[2]);
            long foreground = Long.parseLong(f[5]);
            return foreground > 0 && foreground == pgrp;
        } catch (java.io.IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * The width of the terminal on stderr now: TIOCGWINSZ, which follows a resize at once (asked at
     * each redraw, so no SIGWINCH handler is needed); else $COLUMNS; else 80.
     */
    public static int columns() {
        int asked = Winsize.columns();
        if (asked > 0) {
            return asked;
        }
        try {
            int columns = Integer.parseInt(System.getenv().getOrDefault("COLUMNS", ""));
            return columns > 0 ? columns : DEFAULT_COLUMNS;
        } catch (NumberFormatException e) {
            return DEFAULT_COLUMNS;
        }
    }

    /** The struct is allocated once, on first use, and shared under a lock: redraws are 10 a second. */
    private static final class Winsize {
        private static Pointer struct;

        static synchronized int columns() {
            try {
                LibcCalls calls = LibcBinding.get().calls();
                if (struct == null) {
                    struct = calls.allocate(8, true);
                }
                return calls.control().ioctl(STDERR, TIOCGWINSZ, struct) == 0 ? struct.getShort(2) & 0xffff : 0;
            } catch (LinkageError | RuntimeException e) {
                return 0;
            }
        }
    }
}
