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
 * A cgroup v1 memory cgroup made for a test, with a limit, and a child of it without one, as Slurm
 * makes a job's cgroup and the step's below it, and systemd a slice and a service in it. A command
 * runs in either: a shell writes its own pid into cgroup.procs, then becomes the command. At close,
 * what still runs in them (the commands started so, and their children) is killed and waited for,
 * then both are removed. Root only, where the machine may be changed ({@link SystemTests}).
 */
public final class MemoryCgroup implements AutoCloseable {
    private static final Path V1 = Path.of("/sys/fs/cgroup/memory");
    private static final AtomicInteger MADE = new AtomicInteger();

    private final Path limited;
    private final Path child;

    private MemoryCgroup(Path limited) {
        this.limited = limited;
        this.child = limited.resolve("child");
    }

    /** A cgroup limited to {@code bytes}; the test is skipped, with the reason, where none can be made. */
    public static MemoryCgroup limitedTo(long bytes) throws Exception {
        SystemTests.assumeAllowed("makes memory cgroups");
        assumeTrue(AsUser.isRoot(), "needs root, to make memory cgroups");
        assumeTrue(Files.isWritable(V1.resolve("memory.limit_in_bytes").getParent()) && Files.isRegularFile(
                V1.resolve("memory.limit_in_bytes")), "no cgroup v1 memory hierarchy at " + V1
                + " (the v2 files are read in sys.MemoryCgroupsTest)");
        MemoryCgroup made = new MemoryCgroup(V1.resolve("dirdump-test-" + ProcessHandle.current().pid() + "-"
                + MADE.getAndIncrement()));
        Files.createDirectory(made.limited);
        try {
            Files.writeString(made.limited.resolve("memory.limit_in_bytes"), Long.toString(bytes));
            Files.createDirectory(made.child);
        } catch (Exception e) {
            made.close();
            throw e;
        }
        return made;
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

    /** The file pages charged to the limited cgroup and those below it (total_inactive_file, total_active_file). */
    public long filePages() throws IOException {
        long bytes = 0;
        for (String line : Files.readAllLines(limited.resolve("memory.stat"))) {
            if (line.startsWith("total_inactive_file ") || line.startsWith("total_active_file ")) {
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
