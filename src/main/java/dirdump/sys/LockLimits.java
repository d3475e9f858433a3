package dirdump.sys;

import java.nio.file.Path;

/**
 * What bounds the memory this process may lock: RLIMIT_MEMLOCK (raised to its hard limit), which does
 * not apply to a process with CAP_IPC_LOCK in effect (root's), what it has locked already (VmLck), and
 * how many more mappings vm.max_map_count leaves it (each data range of a file locked takes one).
 */
public record LockLimits(long limit, boolean exempt, long locked, long mappingsLeft) {
    private static final int CAP_IPC_LOCK = 14;
    private static final Path STATUS = Path.of("/proc/self/status");

    /** {@code limit}: -1 if unlimited; {@code mappingsLeft}: Long.MAX_VALUE if it cannot be told. */
    public static LockLimits now(Processes processes) throws SysException {
        long maps = KernelFile.lineCount(Path.of("/proc/self/maps"));
        long max = KernelFile.lines(Path.of("/proc/sys/vm/max_map_count")).stream().findFirst()
                .map(LockLimits::number).orElse(-1L);
        return new LockLimits(processes.memoryLockLimit(), capability(CAP_IPC_LOCK),
                Math.max(0, AvailableMemory.kib(STATUS, "VmLck:")), max < 0 ? Long.MAX_VALUE : Math.max(0, max - maps));
    }

    /** Whether RLIMIT_MEMLOCK leaves room for {@code bytes} more. */
    public boolean allows(long bytes) {
        return exempt || limit < 0 || locked + bytes <= limit;
    }

    /** The effective capability, from CapEff of /proc/self/status (a hexadecimal mask). */
    private static boolean capability(int bit) {
        String mask = KernelFile.field(STATUS, "CapEff:");
        try {
            return mask != null && (Long.parseUnsignedLong(mask, 16) >>> bit & 1) != 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static long number(String s) {
        try {
            return Long.parseLong(s.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Why mlock failed, in the user's terms: strerror's text and what it means here. */
    static String reason(int errno, String text) {
        switch (errno) {
            case Errno.ENOMEM:
                return text + ": more than RLIMIT_MEMLOCK (ulimit -l) allows, or the file shrank since it was mapped";
            case Errno.EPERM:
                return text + ": locking memory needs CAP_IPC_LOCK or an RLIMIT_MEMLOCK above 0 (ulimit -l)";
            case Errno.EAGAIN:
                return text + ": the kernel could not lock every page (short of memory)";
            default:
                return text;
        }
    }
}
