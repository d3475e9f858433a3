package dirdump.sys;

import java.nio.file.Path;

/**
 * How much memory this process can still take, and what bounds it: MemAvailable (/proc/meminfo), the
 * room its memory cgroups leave (the least of every level's limit less its usage, file pages counted as
 * room: {@link MemoryCgroups}), and the address-space limit (RLIMIT_AS) less what the process maps
 * already. What cannot be read does not bound.
 */
public final class AvailableMemory {
    /**
     * The least of the bounds, in bytes, and which one it is ("MemAvailable", ...); {@code limit}: where it
     * is a memory cgroup's room, that level's limit (the room is what its usage leaves of it), else -1;
     * {@code pageCache}: the clean page cache the room counts as free (the kernel reclaims it first),
     * which may hold pages of the very set a read is to keep.
     */
    public record Bound(long bytes, String what, long limit, long pageCache) {
        /** A bound that is no cgroup's limit, and counts no page cache as room. */
        public Bound(long bytes, String what) {
            this(bytes, what, -1, 0);
        }
    }

    /**
     * The page cache charged to a memory cgroup ({@code bytes}), its name (null where it is not printable),
     * how a message names it ({@code label}: "memory cgroup /x"), and its limit (-1: none).
     */
    public record CgroupCache(String cgroup, String label, long bytes, long limit) {
    }

    private static final Path PROC = Path.of("/proc");
    private static final Path ROOT = Path.of("/");

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
     * can reclaim, the page cache included) and the room its memory cgroups leave, whose page cache is
     * charged to them; the address-space limit bounds mappings, not the cache.
     */
    public static Bound forPageCache() {
        Bound least = new Bound(Long.MAX_VALUE, "no limit known");
        Path meminfo = PROC.resolve("meminfo");
        long available = kib(meminfo, "MemAvailable:");
        if (available >= 0) {
            least = new Bound(available, "MemAvailable", -1,
                    Math.max(0, kib(meminfo, "Active(file):")) + Math.max(0, kib(meminfo, "Inactive(file):")));
        }
        Bound cgroup = MemoryCgroups.room(ROOT);
        return cgroup == null || cgroup.bytes() >= least.bytes() ? least : cgroup;
    }

    /**
     * The page cache of the memory cgroup whose limit binds (every level read, as for the room), or of
     * this process's own where none has a limit; null where it is in no memory cgroup that can be read.
     */
    public static CgroupCache cgroupPageCache() {
        return MemoryCgroups.pageCache(ROOT);
    }

    private static Bound lower(Bound least, long bytes, String what) {
        return bytes >= 0 && bytes < least.bytes() ? new Bound(bytes, what) : least;
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

    /** A decimal number; -1 if it is none ("max", "unlimited"). */
    static long parse(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
