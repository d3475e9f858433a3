package dirdump.sys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The room memory cgroups leave, read from files of the kernel's formats written under a directory
 * that stands for "/": /proc/self/cgroup, /proc/self/mountinfo and the cgroup files of the mounts it
 * names (cgroup v2 is not mounted with its memory controller on every test machine; v1 is tested for
 * real, in cgroups the test makes, by cli.MemoryCgroupIT).
 */
class MemoryCgroupsTest {
    private static final long MIB = 1024 * 1024;
    private static final String V2_MOUNT = "35 24 0:30 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:9 "
            + "- cgroup2 cgroup2 rw,nsdelegate,memory_recursiveprot";
    private static final String V1_MOUNT = "40 31 0:37 / /sys/fs/cgroup/memory rw,nosuid,nodev,noexec,relatime "
            + "shared:20 - cgroup cgroup rw,memory";

    @TempDir
    Path root;

    private void write(String path, String... lines) throws IOException {
        Path f = root.resolve(path);
        Files.createDirectories(f.getParent());
        Files.write(f, List.of(lines));
    }

    private void processIn(String cgroupLine, String... mountinfo) throws IOException {
        write("proc/self/cgroup", cgroupLine);
        write("proc/self/mountinfo", mountinfo);
    }

    /** A v2 cgroup's files: {@code max} and {@code high} in bytes or "max". */
    private void v2(String dir, String max, String high, long current, long inactiveFile, long activeFile)
            throws IOException {
        write(dir + "/memory.max", max);
        write(dir + "/memory.high", high);
        write(dir + "/memory.current", Long.toString(current));
        write(dir + "/memory.stat", "anon 1000", "file " + (inactiveFile + activeFile), "inactive_anon 0",
                "active_anon 1000", "inactive_file " + inactiveFile, "active_file " + activeFile, "unevictable 0");
    }

    /** A v1 cgroup's files, the limit given for {@code hierarchical} at this level. */
    private void v1(String dir, long limit, long hierarchical, long usage, long totalFile) throws IOException {
        write(dir + "/memory.limit_in_bytes", Long.toString(limit));
        write(dir + "/memory.usage_in_bytes", Long.toString(usage));
        write(dir + "/memory.stat", "cache 0", "rss 0", "inactive_file 0", "active_file 0",
                "hierarchical_memory_limit " + hierarchical, "total_cache " + totalFile, "total_rss " + (usage - totalFile),
                "total_inactive_file " + totalFile / 2, "total_active_file " + (totalFile - totalFile / 2));
    }

    @Test
    void aV2LimitOnAParentBindsTheChild() throws IOException {
        processIn("0::/system.slice/job.slice/step", V2_MOUNT);
        v2("sys/fs/cgroup", "max", "max", 900 * MIB, 0, 0);  // the root has no memory.max; one that says max is none
        v2("sys/fs/cgroup/system.slice", "max", "max", 400 * MIB, 0, 0);
        v2("sys/fs/cgroup/system.slice/job.slice", Long.toString(150 * MIB), "max", 40 * MIB, 0, 0);
        v2("sys/fs/cgroup/system.slice/job.slice/step", "max", "max", 40 * MIB, 0, 0);
        assertEquals(new AvailableMemory.Bound(110 * MIB, "the limit of memory cgroup /system.slice/job.slice", 150 * MIB, 0),
                MemoryCgroups.room(root));
    }

    @Test
    void theLevelWithTheLeastRoomBindsNotTheLowestLimit() throws IOException {
        processIn("0::/a/b", V2_MOUNT);
        v2("sys/fs/cgroup/a", Long.toString(1024 * MIB), "max", 1000 * MIB, 0, 0);  // others' use fills it
        v2("sys/fs/cgroup/a/b", Long.toString(512 * MIB), "max", 10 * MIB, 0, 0);
        assertEquals(new AvailableMemory.Bound(24 * MIB, "the limit of memory cgroup /a", 1024 * MIB, 0), MemoryCgroups.room(root));
    }

    @Test
    void memoryHighBelowMaxIsTheLimit() throws IOException {
        processIn("0::/a", V2_MOUNT);
        v2("sys/fs/cgroup/a", Long.toString(1024 * MIB), Long.toString(300 * MIB), 100 * MIB, 0, 0);
        assertEquals(200 * MIB, MemoryCgroups.room(root).bytes());
        assertEquals(300 * MIB, MemoryCgroups.room(root).limit());
    }

    @Test
    void fileV2PagesAreRoom() throws IOException {
        processIn("0::/job", V2_MOUNT);
        v2("sys/fs/cgroup/job", Long.toString(512 * MIB), "max", 510 * MIB, 300 * MIB, 180 * MIB);
        assertEquals(new AvailableMemory.Bound(482 * MIB, "the limit of memory cgroup /job", 512 * MIB, 480 * MIB), MemoryCgroups.room(root));
    }

    @Test
    void aContainerSeesItsCgroupAsTheRootOfTheMount() throws IOException {
        processIn("0::/", "1 0 8:1 / / rw - ext4 /dev/sda1 rw", V2_MOUNT);
        v2("sys/fs/cgroup", Long.toString(256 * MIB), "max", 56 * MIB, 0, 0);
        assertEquals(new AvailableMemory.Bound(200 * MIB, "the limit of memory cgroup /", 256 * MIB, 0), MemoryCgroups.room(root));
    }

    @Test
    void aCgroupOutsideTheNamespacesRootIsNotLookedFor() throws IOException {
        processIn("0::/../sibling", V2_MOUNT);
        v2("sys/fs/cgroup", Long.toString(256 * MIB), "max", 56 * MIB, 0, 0);
        v2("sys/fs/sibling", Long.toString(MIB), "max", 0, 0, 0);
        assertNull(MemoryCgroups.room(root));
    }

    @Test
    void aMountOfASubtreeIsReadUpToItsRootOnly() throws IOException {
        processIn("0::/docker/c1/app", "36 24 0:30 /docker/c1 /sys/fs/cgroup ro,nosuid - cgroup2 cgroup2 rw");
        v2("sys/fs/cgroup", Long.toString(300 * MIB), "max", 100 * MIB, 0, 0);
        v2("sys/fs/cgroup/app", "max", "max", 50 * MIB, 0, 0);
        assertEquals(new AvailableMemory.Bound(200 * MIB, "the limit of memory cgroup /docker/c1", 300 * MIB, 0),
                MemoryCgroups.room(root));
    }

    @Test
    void aMountPointWithASpaceIsUnescaped() throws IOException {
        processIn("0::/a", "35 24 0:30 / /sys/fs/my\\040cgroup rw - cgroup2 cgroup2 rw");
        v2("sys/fs/my cgroup/a", Long.toString(64 * MIB), "max", 0, 0, 0);
        assertEquals(64 * MIB, MemoryCgroups.room(root).bytes());
    }

    @Test
    void noMemoryControllerNoLimitNoRoomToTell() throws IOException {
        processIn("0::/a", V2_MOUNT);
        Files.createDirectories(root.resolve("sys/fs/cgroup/a"));
        write("sys/fs/cgroup/a/cgroup.controllers", "cpu io pids");
        assertNull(MemoryCgroups.room(root));
        v2("sys/fs/cgroup/a", "max", "max", 10 * MIB, 0, 0);
        assertNull(MemoryCgroups.room(root));
    }

    @Test
    void aV1LimitAboveTheMountIsItsHierarchicalLimit() throws IOException {
        // A container's view: its cgroup is the mount's root, its parent's limit shows only in memory.stat.
        processIn("12:memory:/", "1 0 8:1 / / rw - ext4 /dev/sda1 rw", V1_MOUNT,
                "41 31 0:38 / /sys/fs/cgroup/cpu rw - cgroup cgroup rw,cpu");
        v1("sys/fs/cgroup/memory", Long.MAX_VALUE / 4096 * 4096, 150 * MIB, 100 * MIB, 60 * MIB);
        assertEquals(new AvailableMemory.Bound(110 * MIB, "the limit of a memory cgroup above /", 150 * MIB, 60 * MIB),
                MemoryCgroups.room(root));
    }

    @Test
    void aV1LimitOnAParentInTheMountNamesIt() throws IOException {
        processIn("4:memory:/slurm/uid_0/job_9/step_0", V1_MOUNT);
        long none = Long.MAX_VALUE / 4096 * 4096;
        v1("sys/fs/cgroup/memory", none, none, 4000 * MIB, 3000 * MIB);
        v1("sys/fs/cgroup/memory/slurm", none, none, 600 * MIB, 100 * MIB);
        v1("sys/fs/cgroup/memory/slurm/uid_0", none, none, 600 * MIB, 100 * MIB);
        v1("sys/fs/cgroup/memory/slurm/uid_0/job_9", 512 * MIB, 512 * MIB, 500 * MIB, 480 * MIB);
        v1("sys/fs/cgroup/memory/slurm/uid_0/job_9/step_0", none, 512 * MIB, 500 * MIB, 480 * MIB);
        assertEquals(new AvailableMemory.Bound(492 * MIB, "the limit of memory cgroup /slurm/uid_0/job_9", 512 * MIB, 480 * MIB),
                MemoryCgroups.room(root));
    }

    @Test
    void theV2PageCacheIsThatOfTheLevelWhoseLimitBinds() throws IOException {
        processIn("0::/job/step", V2_MOUNT);
        v2("sys/fs/cgroup/job", Long.toString(512 * MIB), "max", 500 * MIB, 100 * MIB, 80 * MIB);
        v2("sys/fs/cgroup/job/step", "max", "max", 300 * MIB, 20 * MIB, 10 * MIB);
        assertEquals(new AvailableMemory.CgroupCache("/job", "memory cgroup /job", 180 * MIB, 512 * MIB),
                MemoryCgroups.pageCache(root));
    }

    @Test
    void withNoLimitThePageCacheIsThatOfTheProcesssOwnCgroup() throws IOException {
        processIn("0::/a/b", V2_MOUNT);
        v2("sys/fs/cgroup/a", "max", "max", 500 * MIB, 100 * MIB, 80 * MIB);
        v2("sys/fs/cgroup/a/b", "max", "max", 300 * MIB, 20 * MIB, 10 * MIB);
        assertEquals(new AvailableMemory.CgroupCache("/a/b", "memory cgroup /a/b", 30 * MIB, -1),
                MemoryCgroups.pageCache(root));
    }

    @Test
    void theV1PageCacheIsTotalCacheWithTheCgroupsBelow() throws IOException {
        processIn("4:memory:/job/step", V1_MOUNT);
        long none = Long.MAX_VALUE / 4096 * 4096;
        v1("sys/fs/cgroup/memory", none, none, 4000 * MIB, 3000 * MIB);
        v1("sys/fs/cgroup/memory/job", 256 * MIB, 256 * MIB, 200 * MIB, 120 * MIB);
        v1("sys/fs/cgroup/memory/job/step", none, 256 * MIB, 200 * MIB, 120 * MIB);
        assertEquals(new AvailableMemory.CgroupCache("/job", "memory cgroup /job", 120 * MIB, 256 * MIB),
                MemoryCgroups.pageCache(root));
    }

    @Test
    void inNoMemoryCgroupThereIsNoPageCacheToTell() throws IOException {
        processIn("0::/a", V2_MOUNT);
        Files.createDirectories(root.resolve("sys/fs/cgroup/a"));
        assertNull(MemoryCgroups.pageCache(root));
    }
}
