package dirdump.sys;

import java.nio.file.Path;
import java.util.List;

/**
 * How much memory this process can still take, and what bounds it: MemAvailable (/proc/meminfo), its
 * memory cgroup's limit less its usage (v2 memory.max, v1 memory.limit_in_bytes), and the address-space
 * limit (RLIMIT_AS) less what the process maps already. What cannot be read does not bound.
 */
public final class AvailableMemory {
    /** The least of the bounds, in bytes, and which one it is ("MemAvailable", ...). */
    public record Bound(long bytes, String what) {
    }

    private static final Path PROC = Path.of("/proc");
    private static final Path CGROUP = Path.of("/sys/fs/cgroup");

    private AvailableMemory() {
    }

    public static Bound now() {
        Bound least = forPageCache();
        long space = limit(PROC.resolve("self/limits"), "Max address space");
        long mapped = kib(PROC.resolve("self/status"), "VmSize:");
        if (space > 0 && mapped > 0) {
            least = lower(least, Math.max(0, space - mapped), "the address-space limit (ulimit -v)");
        }
        return least;
    }

    /**
     * How much the page cache can hold for this process: MemAvailable (free memory and what the kernel
     * can reclaim, the page cache included) and its memory cgroup's limit less its usage, whose page
     * cache is charged to it; the address-space limit bounds mappings, not the cache.
     */
    public static Bound forPageCache() {
        Bound least = new Bound(Long.MAX_VALUE, "no limit known");
        least = lower(least, kib(PROC.resolve("meminfo"), "MemAvailable:"), "MemAvailable");
        return lower(least, cgroupRoom(), "the memory cgroup's limit");
    }

    private static Bound lower(Bound least, long bytes, String what) {
        return bytes >= 0 && bytes < least.bytes() ? new Bound(bytes, what) : least;
    }

    /** The cgroup's limit less its usage; -1 without a limit. */
    private static long cgroupRoom() {
        for (String line : KernelFile.lines(PROC.resolve("self/cgroup"))) {
            String[] f = line.split(":", 3);
            if (f.length < 3) {
                continue;
            }
            Path dir = f[0].equals("0") && f[1].isEmpty() ? CGROUP.resolve("." + f[2])
                    : f[1].equals("memory") ? CGROUP.resolve("memory" + f[2]) : null;
            if (dir == null) {
                continue;
            }
            boolean v2 = f[1].isEmpty();
            long limit = number(dir.resolve(v2 ? "memory.max" : "memory.limit_in_bytes"));
            long usage = number(dir.resolve(v2 ? "memory.current" : "memory.usage_in_bytes"));
            // v1 says "no limit" with a number near 2^63, rounded to a page.
            if (limit > 0 && limit < Long.MAX_VALUE / 2 && usage >= 0) {
                return Math.max(0, limit - usage);
            }
        }
        return -1;
    }

    /** A "Key:   123 kB" line, in bytes; -1 if absent. */
    static long kib(Path file, String key) {
        String value = KernelFile.field(file, key);
        if (value == null) {
            return -1;
        }
        long n = parse(value.split("\\s+")[0]);
        return n < 0 ? -1 : n * 1024;
    }

    /** The soft limit of /proc/self/limits's row, in its unit; -1 if unlimited or absent. */
    private static long limit(Path file, String row) {
        String value = KernelFile.field(file, row);
        return value == null ? -1 : parse(value.split("\\s+")[0]);
    }

    private static long number(Path file) {
        List<String> l = KernelFile.lines(file);
        return l.isEmpty() ? -1 : parse(l.get(0).trim());
    }

    private static long parse(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return -1;  // "max", "unlimited"
        }
    }
}
