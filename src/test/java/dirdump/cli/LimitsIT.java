package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dirdump.run.ExitCode;
import dirdump.testing.AsUser;
import dirdump.testing.BuiltJar;
import dirdump.testing.Launched;
import dirdump.testing.SystemTests;
import dirdump.testing.Tmpfs;
import dirdump.testing.Trees;
import dirdump.testing.Until;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real binary under the limits of a machine: few descriptors, few processes, little address space,
 * a small heap. A readable file is never an error because of the tool's own limits, and nothing ends
 * with a stack trace.
 */
class LimitsIT {
    private static final Path JDK_25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");

    @TempDir
    Path tmp;

    private Path data;
    private long bytes;

    @BeforeEach
    void tree() throws Exception {
        data = tmp.resolve("data");
        List<Path> files = Trees.randomTree(data, 2000, 4000, 21);
        bytes = Trees.totalSize(files);
        assumeTrue(Trees.sh(tmp, "command -v prlimit >/dev/null") == 0, "no prlimit (util-linux) here");
    }

    private static void assertNoStackTrace(Launched r) {
        assertFalse(r.err().contains("\tat ") || r.err().contains("Exception"), r.err());
    }

    /** dirdump with {@code args}, started by the programs {@code before} (prlimit, setpriv and their options). */
    private static Launched run(List<String> before, String... args) throws Exception {
        List<String> command = new ArrayList<>(before);
        command.addAll(BuiltJar.command(args));
        return Launched.of(BuiltJar.builder(command));
    }

    @Test
    void twentyFourDescriptorsReadEveryFile() throws Exception {
        Launched r = run(List.of("prlimit", "--nofile=24:24"), "--force", "--json", data.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals(2000, r.json().get("files_read").getAsLong());
        assertEquals(bytes, r.json().get("bytes_read").getAsLong());
        assertEquals(0, r.json().get("errors").getAsLong());
        assertNoStackTrace(r);
    }

    /**
     * RLIMIT_NPROC binds only a user without CAP_SYS_RESOURCE: run as nobody. --bwlimit keeps the first
     * readers busy while the others start, so that the limit is met whatever the machine's speed.
     */
    @Test
    void aProcessLimitGoesOnWithTheReadersThatStarted() throws Exception {
        assumeTrue(AsUser.isRoot(), "needs root, to run as another user under a process limit");
        assumeTrue(Trees.sh(tmp, "command -v setpriv >/dev/null") == 0, "no setpriv (util-linux) here");
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        Launched r = run(List.of("setpriv", "--reuid=" + AsUser.NOBODY, "--regid=" + AsUser.NOBODY, "--clear-groups",
                "prlimit", "--nproc=40"), "-j", "1000", "--bwlimit", "8M", "--force", "--json",
                data.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals(2000, r.json().get("files_read").getAsLong());
        assertTrue(r.err().startsWith("dirdump: warning: could start only "), r.err());
        assertEquals(1, r.err().lines().count(), "one warning: " + r.err());
        assertTrue(r.json().get("jobs").getAsInt() < 1000);
    }

    /** The launcher run by {@code before} (prlimit, setpriv) in {@code cwd}, with JAVA_HOME {@code javaHome} and {@code env}. */
    private static Launched launched(Path cwd, Path javaHome, Map<String, String> env, List<String> before, String... args)
            throws Exception {
        List<String> command = new ArrayList<>(before);
        command.add(Launched.launcher("dirdump").toString());
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile());
        pb.environment().put("JAVA_HOME", javaHome.toString());
        pb.environment().putAll(env);
        return Launched.of(pb);
    }

    /** The JDK the tests run on (17), and JDK 25 where it is installed. */
    private static List<Path> javaHomes() {
        List<Path> homes = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"))));
        if (Files.isExecutable(JDK_25.resolve("bin/java"))) {
            homes.add(JDK_25);
        }
        return homes;
    }

    /**
     * ulimit -v: the launcher fits the JVM (its class-metadata and code reservations, malloc's arenas,
     * the heap) to the address space there is, and every file is read, from 640 MiB on; below, and
     * where DIRDUMP_JAVA_OPTS asks for more than there is, one line and exit 2 (not SIGSEGV without a
     * word, the JVM's own text with exit 1, or a fatal error). No file is written into the working
     * directory (hs_err_pid*.log).
     */
    @Test
    void theLauncherFitsTheJvmToTheAddressSpaceOrSaysInOneLineWhyNot() throws Exception {
        Path cwd = Files.createDirectories(tmp.resolve("cwd"));
        for (Path home : javaHomes()) {
            for (long kib : List.of(655_360L, 1_000_000L, 2_000_000L, 2_500_000L, 2_800_000L, 3_500_000L)) {
                Launched r = launched(cwd, home, Map.of(), List.of("prlimit", "--as=" + kib * 1024), "--force", "--json",
                        data.toString());
                assertEquals(0, r.status(), home + ", ulimit -v " + kib + ": " + r.err());
                assertEquals(2000, r.json().get("files_read").getAsLong(), home + ", ulimit -v " + kib);
                assertEquals(bytes, r.json().get("bytes_read").getAsLong());
            }
            for (long kib : List.of(100_000L, 600_000L)) {
                Launched r = launched(cwd, home, Map.of(), List.of("prlimit", "--as=" + kib * 1024), "-q", data.toString());
                assertEquals(2, r.status(), r.err());
                assertEquals("dirdump: cannot start: the address-space limit (ulimit -v " + kib
                        + ") is below the 655360 KiB the JVM needs; raise it\n", r.err());
            }
            Launched r = launched(cwd, home, Map.of("DIRDUMP_JAVA_OPTS", "-Xms2g"), List.of("prlimit", "--as=" + (1L << 30)),
                    "-q", data.toString());
            assertEquals(2, r.status(), r.err());
            assertTrue(r.err().startsWith("dirdump: cannot start the JVM under the limits it has (ulimit -v, ulimit -u): "
                    + "Could not reserve enough space for 2097152"), r.err());
            assertEquals(1, r.err().lines().count(), r.err());
        }
        try (Stream<Path> made = Files.list(cwd)) {
            assertEquals(List.of(), made.collect(Collectors.toList()), "nothing written into the working directory");
        }
    }

    /** ulimit -u below what the JVM needs (its own threads): one line and exit 2, not the JVM's text and exit 1. */
    @Test
    void aProcessLimitTheJvmCannotStartUnderIsOneLine() throws Exception {
        assumeTrue(AsUser.isRoot(), "needs root, to run as another user under a process limit");
        assumeTrue(Trees.sh(tmp, "command -v setpriv >/dev/null") == 0, "no setpriv (util-linux) here");
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        for (Path home : javaHomes()) {
            Launched r = launched(tmp, home, Map.of(), List.of("setpriv", "--reuid=" + AsUser.NOBODY, "--regid=" + AsUser.NOBODY,
                    "--clear-groups", "prlimit", "--nproc=10"), "-q", data.toString());
            assertEquals(2, r.status(), r.err());
            assertEquals("dirdump: cannot start: the process limit (ulimit -u 10) is below the 20 threads the JVM needs;"
                    + " raise it\n", r.err());
        }
    }

    /**
     * A memory cgroup of 384 MiB: 600,000 files of 240-byte names keep ~170 MiB live, more than the
     * JVM's default heap there (125 MiB: a quarter, but at least its default size) and well within the
     * limit; the launcher's heap (the limit less 96 MiB) reads them all. With the limit on the parent
     * of dirdump's cgroup instead (as Slurm sets a job's), the launcher finds it: its -Xmx is the same.
     * The cgroups are made under the test's own and removed afterwards, whatever happened.
     */
    @Test
    void aTreeThatNeedsMoreThanAQuarterOfTheCgroupsLimitIsReadWithinIt() throws Exception {
        SystemTests.assumeAllowed("makes memory cgroups");
        assumeTrue(AsUser.isRoot(), "needs root, to make a memory cgroup");
        String own = Files.readAllLines(Path.of("/proc/self/cgroup")).stream().filter(l -> l.matches("\\d+:memory:.*"))
                .map(l -> l.substring(l.indexOf(":memory:") + 8)).findFirst().orElse(null);
        Path v1 = Path.of("/sys/fs/cgroup/memory");
        assumeTrue(own != null && Files.isDirectory(v1.resolve("." + own)), "no cgroup v1 memory controller here");
        Path parent = v1.resolve("." + own).resolve("dirdump-heap-" + ProcessHandle.current().pid() + "-" + System.nanoTime())
                .normalize();
        Path job = parent.resolve("job");
        String inCgroup = "echo $$ >\"$0/cgroup.procs\" && exec \"$@\"";
        String launcher = Launched.launcher("dirdump").toString();
        try (Tmpfs tmpfs = Tmpfs.create(tmp)) {
            Path tree = tmpfs.dir().resolve("tree");
            for (int d = 0; d < 300; d++) {
                Path dir = Files.createDirectories(tree.resolve("d" + d));
                for (int f = 0; f < 2000; f++) {
                    String name = "f" + (d * 2000 + f);
                    Files.createFile(dir.resolve(name + "x".repeat(240 - name.length())));
                }
            }
            Files.createDirectory(parent);
            Files.writeString(parent.resolve("memory.limit_in_bytes"), String.valueOf(384L << 20));
            Launched r = Launched.run(Path.of("/bin/sh"), Map.of(), "-c", inCgroup, parent.toString(), launcher,
                    "--force", "--json", tree.toString());
            assertEquals(0, r.status(), r.err());
            assertEquals(600_000, r.json().get("files_read").getAsLong());
            assertEquals(0, r.json().get("errors").getAsLong());
            assertEquals("", r.err());

            Files.createDirectory(job);
            Launched jvm = Launched.run(Path.of("/bin/sh"), Map.of(), "-c", inCgroup, job.toString(), launcher,
                    "run", "-q", data.toString(), "--", "sh", "-c", "tr '\\0' '\\n' </proc/$PPID/cmdline");
            assertEquals(0, jvm.status(), jvm.err());
            assertTrue(jvm.out().lines().anyMatch(a -> a.equals("-Xmx288m")), jvm.out());
        } finally {
            for (Path cgroup : List.of(job, parent)) {
                if (Files.isDirectory(cgroup)) {
                    // Only processes this test put there: the launcher's, if it outlived a failure.
                    Trees.sh(tmp, "for pid in $(cat '" + cgroup + "/cgroup.procs'); do kill -9 $pid; done");
                    Until.holds(Duration.ofSeconds(10), cgroup + " empties", () -> Files.readString(cgroup.resolve("cgroup.procs")).isEmpty());
                    Files.delete(cgroup);
                }
            }
        }
    }

    @Test
    void buffersBeyondTheMemoryThereIsAreRefusedBeforeTheWalk() throws Exception {
        Launched r = run(List.of(), "--buffer-size", "1G", "-j", "100000", data.toString());
        assertEquals(2, r.status(), r.err());
        assertTrue(r.err().startsWith("dirdump: --buffer-size 1.0 GiB for each of 100000 buffers needs "), r.err());
        Launched limited = run(List.of("prlimit", "--as=12000000000"), "--buffer-size", "1G", "-j", "16",
                data.toString());
        assertEquals(2, limited.status(), limited.err());
        assertTrue(limited.err().contains("(the address-space limit (ulimit -v))"), limited.err());
        assertNoStackTrace(limited);
    }

    @Test
    void runningOutOfHeapIsOneLine() throws Exception {
        Path one = Trees.file(tmp.resolve("one"), 10, 1);
        Path list = tmp.resolve("list");
        Files.write(list, (one + "\n").repeat(600_000).getBytes());
        Launched r = Launched.of(BuiltJar.builder(BuiltJar.command(List.of("-Xmx16m"), "-q", "--files-from",
                list.toString())));
        assertEquals(ExitCode.INTERNAL.status, r.status(), r.err());
        assertTrue(r.err().startsWith("dirdump: out of memory: "), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
    }
}
