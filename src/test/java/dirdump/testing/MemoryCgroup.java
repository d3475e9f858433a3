package dirdump.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A memory cgroup made for a test (v1, or v2 where the machine has its memory controller), with a
 * limit, and a child of it without one, as Slurm makes a job's cgroup and the step's below it, and
 * systemd a slice and a service in it. A command runs in either: a shell writes its own pid into
 * cgroup.procs, then becomes the command. At close, what still runs in them (the commands started so,
 * and their children) is killed and waited for, then both are removed. Root only, where the machine
 * may be changed ({@link SystemTests}). Under v2 the child gets no memory controller of its own (a
 * cgroup that hands one down may hold no process), so what runs there is charged to the limited one.
 */
public final class MemoryCgroup implements AutoCloseable {
    private static final Path V1 = Path.of("/sys/fs/cgroup/memory");
    private static final AtomicInteger MADE = new AtomicInteger();

    private final Path limited;
    private final Path child;
    private final boolean v2;

    private MemoryCgroup(Path limited, boolean v2) {
        this.limited = limited;
        this.child = limited.resolve("child");
        this.v2 = v2;
    }

    /** A v1 cgroup limited to {@code bytes}; the test is skipped, with the reason, where none can be made. */
    public static MemoryCgroup limitedTo(long bytes) throws Exception {
        return limitedTo(1, bytes);
    }

    /**
     * A cgroup of {@code version} (1 or 2) limited to {@code bytes} (v1 memory.limit_in_bytes, v2
     * memory.max); the test is skipped, with the reason, where none can be made.
     */
    public static MemoryCgroup limitedTo(int version, long bytes) throws Exception {
        SystemTests.assumeAllowed("makes memory cgroups");
        assumeTrue(AsUser.isRoot(), "needs root, to make memory cgroups");
        Path hierarchy = version == 2 ? v2Hierarchy() : v1Hierarchy();
        MemoryCgroup made = new MemoryCgroup(hierarchy.resolve("dirdump-test-" + ProcessHandle.current().pid() + "-"
                + MADE.getAndIncrement()), version == 2);
        Files.createDirectory(made.limited);
        try {
            Files.writeString(made.limited.resolve(version == 2 ? "memory.max" : "memory.limit_in_bytes"),
                    Long.toString(bytes));
            Files.createDirectory(made.child);
        } catch (Exception e) {
            made.close();
            throw e;
        }
        return made;
    }

    private static Path v1Hierarchy() {
        assumeTrue(Files.isWritable(V1.resolve("memory.limit_in_bytes").getParent()) && Files.isRegularFile(
                V1.resolve("memory.limit_in_bytes")), "no cgroup v1 memory hierarchy at " + V1
                + " (the v2 files are read in sys.MemoryCgroupsTest)");
        return V1;
    }

    /**
     * The v2 hierarchy this process sees at its root, where the memory controller is on and handed
     * down to the cgroups below the root (never turned on here: that would change the machine for all).
     */
    private static Path v2Hierarchy() throws IOException {
        Path mount = null;
        for (String line : Files.readAllLines(Path.of("/proc/self/mountinfo"))) {
            String[] f = line.split(" ");
            int dash = List.of(f).indexOf("-");
            if (dash > 0 && dash + 1 < f.length && f[dash + 1].equals("cgroup2") && f[3].equals("/")) {
                mount = Path.of(f[4].replace("\\040", " "));
                break;
            }
        }
        assumeTrue(mount != null, "no cgroup v2 hierarchy mounted (the v2 files are read in sys.MemoryCgroupsTest)");
        String handed = Files.readString(mount.resolve("cgroup.subtree_control")).trim();
        assumeTrue(List.of(handed.split(" ")).contains("memory"), "the cgroup v2 hierarchy at " + mount
                + " hands down no memory controller (its cgroup.subtree_control: '" + handed + "'; memory is on v1 here): "
                + "the v2 files are read in sys.MemoryCgroupsTest");
        return mount;
    }

    /** Its name as its processes see it in /proc/self/cgroup: "/dirdump-test-PID-N". */
    public String name() {
        return "/" + limited.getFileName();
    }

    /**
     * {@code command} run in the child (whose limit is none but its parent's), or in the limited cgroup
     * itself, after {@code before} (a shell command, run there too; "true" for none).
     */
    public List<String> in(boolean inChild, String before, List<String> command) {
        List<String> words = new ArrayList<>(List.of("sh", "-c", "echo $$ > \"$0\" && " + before + " && exec \"$@\"",
                (inChild ? child : limited).resolve("cgroup.procs").toString()));
        words.addAll(command);
        return words;
    }

    /**
     * The file pages charged to the limited cgroup and those below it (v1 total_inactive_file,
     * total_active_file; v2 inactive_file, active_file).
     */
    public long filePages() throws IOException {
        long bytes = 0;
        String prefix = v2 ? "" : "total_";
        for (String line : Files.readAllLines(limited.resolve("memory.stat"))) {
            if (line.startsWith(prefix + "inactive_file ") || line.startsWith(prefix + "active_file ")) {
                bytes += Long.parseLong(line.substring(line.indexOf(' ') + 1));
            }
        }
        return bytes;
    }

    @Override
    public void close() throws Exception {
        for (Path cgroup : List.of(child, limited)) {
            if (Files.isDirectory(cgroup)) {
                Until.holds(Duration.ofSeconds(60), "the processes of " + cgroup + " to end", () -> {
                    List<String> pids = Files.readAllLines(cgroup.resolve("cgroup.procs"));
                    pids.forEach(pid -> ProcessHandle.of(Long.parseLong(pid)).ifPresent(ProcessHandle::destroyForcibly));
                    return pids.isEmpty();
                });
                Files.delete(cgroup);  // rmdir
            }
        }
    }
}
