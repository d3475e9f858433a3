package dirdump.run;

import dirdump.sys.AvailableMemory;

/**
 * The page cache charged to a memory cgroup, for status to show beside the set's: {@code name} as
 * /proc/self/cgroup says it (null where it is not printable), {@code label} as messages name it
 * ("memory cgroup /job"), {@code bytes}, and its {@code limit} (null: none).
 */
public record CgroupPageCache(String name, String label, long bytes, Long limit) {
    /** The process's now (see AvailableMemory#cgroupPageCache); null in no memory cgroup. */
    static CgroupPageCache now() {
        AvailableMemory.CgroupCache c = AvailableMemory.cgroupPageCache();
        return c == null ? null : new CgroupPageCache(c.cgroup(), c.label(), c.bytes(), c.limit() < 0 ? null : c.limit());
    }
}
