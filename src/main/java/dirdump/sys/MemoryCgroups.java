package dirdump.sys;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The room the memory cgroups of this process leave it, v1 and v2: where each hierarchy is mounted
 * (/proc/self/mountinfo) and where in it the process is (/proc/self/cgroup; a container may see its own
 * cgroup as "/"). A limit on a level above binds as its own does (Slurm limits the job's cgroup and
 * systemd the slice, and the process runs in a child of it), so every level up to the mount is read,
 * and v1's hierarchical_memory_limit stands for the levels above the mount. A level's room is its limit
 * (v2: the lower of memory.max and memory.high, above which the kernel throttles) less its usage, its
 * file pages (inactive_file and active_file of memory.stat) counted as room: the kernel reclaims them
 * before it fails a charge. The page cache a level holds (v2's file, v1's total_cache of memory.stat) is
 * told by {@link #pageCache}, for status.
 */
final class MemoryCgroups {
    /** v1 says "no limit" with a number near 2^63 rounded to a page (v2 with "max", read as -1). */
    private static final long NO_LIMIT = Long.MAX_VALUE / 2;

    /** A hierarchy's mount: the cgroup at its root, where it is mounted, and whether it is v2's. */
    private record Mount(String root, String point, boolean v2) {
    }

    /**
     * One cgroup's limit (NO_LIMIT if none), usage (its own and that of the cgroups below), file pages
     * (reclaimable) and page cache (file pages, dirty and shared memory included).
     */
    private record Level(long limit, long usage, long file, long cache) {
        long room() {
            return Math.max(0, limit - Math.max(0, usage - file));
        }

        AvailableMemory.Bound bound(String what) {
            return new AvailableMemory.Bound(room(), what, limit, file);
        }
    }

    /**
     * A level as found: its name (null where it is not shown), how a message names it ("memory cgroup
     * /x"), and its figures.
     */
    private record Found(String cgroup, String label, Level level) {
        String what() {
            return "the limit of " + label;
        }
    }

    private MemoryCgroups() {
    }

    /**
     * The least room any level leaves, and which level: under {@code root}, "/" or a copy of the files
     * (proc/self/cgroup, proc/self/mountinfo and the mounts it names); null if no level has a limit.
     */
    static AvailableMemory.Bound room(Path root) {
        Found least = binding(found(root));
        return least == null ? null : least.level().bound(least.what());
    }

    /**
     * The page cache of the level whose room binds, or of the process's own memory cgroup where no
     * level has a limit; null where no memory cgroup is found.
     */
    static AvailableMemory.CgroupCache pageCache(Path root) {
        List<Found> found = found(root);
        Found level = binding(found);
        if (level == null) {
            level = found.isEmpty() ? null : found.get(0);
        }
        return level == null ? null : new AvailableMemory.CgroupCache(level.cgroup(), level.label(),
                level.level().cache(), level.level().limit() < NO_LIMIT ? level.level().limit() : -1);
    }

    /** The level with a limit that leaves the least room; null if none has a limit. */
    private static Found binding(List<Found> found) {
        Found least = null;
        for (Found f : found) {
            if (f.level().limit() < NO_LIMIT && (least == null || f.level().room() < least.level().room())) {
                least = f;
            }
        }
        return least;
    }

    /** Every level of every memory hierarchy the process is in, each from its own cgroup up. */
    private static List<Found> found(Path root) {
        List<Mount> mounts = mounts(root.resolve("proc/self/mountinfo"));
        List<Found> found = new ArrayList<>();
        for (String line : KernelFile.lines(root.resolve("proc/self/cgroup"))) {
            String[] f = line.split(":", 3);
            // "/../x": a cgroup outside this cgroup namespace's root, which no mount here shows
            if (f.length < 3 || !f[2].startsWith("/") || f[2].contains("/..")) {
                continue;
            }
            boolean v2 = f[0].equals("0") && f[1].isEmpty();
            if (!v2 && !List.of(f[1].split(",")).contains("memory")) {
                continue;
            }
            for (Mount m : mounts) {
                if (m.v2() == v2 && within(f[2], m.root())) {
                    levels(root, m, f[2], found);
                    break;
                }
            }
        }
        return found;
    }

    /** Adds the levels from {@code cgroup} up to the mount's root that have a memory controller. */
    private static void levels(Path root, Mount m, String cgroup, List<Found> found) {
        Path point = root.resolve(m.point().substring(1));
        long lowest = NO_LIMIT;
        Level top = null;
        String name = cgroup;
        while (true) {
            Level level = level(dir(point, m, name), m.v2());
            if (level != null) {
                top = level;
                lowest = Math.min(lowest, level.limit());
                found.add(shown(name) ? new Found(name, "memory cgroup " + name, level)
                        : new Found(null, "this process's memory cgroup", level));
            }
            if (name.equals(m.root())) {
                break;
            }
            int slash = name.lastIndexOf('/');
            name = slash == 0 ? "/" : name.substring(0, slash);
        }
        if (!m.v2() && top != null) {
            // Above the mount (a container's view), only the least limit shows, at every level: with the
            // usage of the highest level seen, less than or equal to the one above, the room is at most this.
            long hierarchical = stat(dir(point, m, cgroup).resolve("memory.stat"))
                    .getOrDefault("hierarchical_memory_limit", -1L);
            if (hierarchical >= 0 && hierarchical < lowest) {
                found.add(new Found(null, "a memory cgroup above "
                        + (shown(m.root()) ? m.root() : "this process's"),
                        new Level(hierarchical, top.usage(), top.file(), top.cache())));
            }
        }
    }

    /** The directory of {@code cgroup} (within the mount) under its mount point. */
    private static Path dir(Path point, Mount m, String cgroup) {
        String relative = cgroup.substring(m.root().length());
        return point.resolve(relative.startsWith("/") ? relative.substring(1) : relative);
    }

    /** One directory's level; null where it has no usage to read (no memory controller there). */
    private static Level level(Path dir, boolean v2) {
        Map<String, Long> stat = stat(dir.resolve("memory.stat"));
        long usage = number(dir.resolve(v2 ? "memory.current" : "memory.usage_in_bytes"));
        if (usage < 0) {
            return null;
        }
        long limit = v2 ? Math.min(limit(dir.resolve("memory.max")), limit(dir.resolve("memory.high")))
                : limit(dir.resolve("memory.limit_in_bytes"));
        String prefix = v2 ? "" : "total_";  // v1's rows without it count this level alone, not those below
        long file = Math.max(0, stat.getOrDefault(prefix + "inactive_file", 0L))
                + Math.max(0, stat.getOrDefault(prefix + "active_file", 0L));
        long cache = v2 ? stat.getOrDefault("file", 0L) : stat.getOrDefault("total_cache", stat.getOrDefault("cache", 0L));
        return new Level(limit, usage, file, Math.max(0, cache));
    }

    private static long limit(Path file) {
        long n = number(file);
        return n < 0 || n >= NO_LIMIT ? NO_LIMIT : n;
    }

    /** The memory cgroup mounts of mountinfo: v2's, and v1's with the memory controller. */
    private static List<Mount> mounts(Path mountinfo) {
        List<Mount> mounts = new ArrayList<>();
        for (MountInfo.Mount m : MountInfo.read(mountinfo)) {
            boolean v1Memory = m.type().equals("cgroup") && List.of(m.superOptions().split(",")).contains("memory");
            if (m.type().equals("cgroup2") || v1Memory) {
                mounts.add(new Mount(m.root(), m.point(), m.type().equals("cgroup2")));
            }
        }
        return mounts;
    }

    /** Whether the cgroup is the mount's root or below it. */
    private static boolean within(String cgroup, String mountRoot) {
        return mountRoot.equals("/") || cgroup.equals(mountRoot) || cgroup.startsWith(mountRoot + "/");
    }

    /** "KEY VALUE" rows; those that are no number left out. */
    private static Map<String, Long> stat(Path file) {
        Map<String, Long> rows = new HashMap<>();
        for (String line : KernelFile.lines(file)) {
            String[] kv = line.split(" ", 2);
            if (kv.length == 2) {
                long n = AvailableMemory.parse(kv[1].trim());
                if (n >= 0) {
                    rows.put(kv[0], n);
                }
            }
        }
        return rows;
    }

    /** Whether a cgroup's name is shown in a message: if printable ASCII (systemd's, Slurm's, a container's). */
    private static boolean shown(String cgroup) {
        return cgroup.chars().allMatch(c -> c >= 0x20 && c < 0x7f);
    }

    private static long number(Path file) {
        List<String> l = KernelFile.lines(file);
        return l.isEmpty() ? -1 : AvailableMemory.parse(l.get(0).trim());
    }
}
