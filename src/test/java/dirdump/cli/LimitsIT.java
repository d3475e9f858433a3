package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dirdump.testing.AsUser;
import dirdump.testing.BuiltJar;
import dirdump.testing.Launched;
import dirdump.testing.Trees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real binary under the limits of a machine: few descriptors, few processes, little address space,
 * a small heap. A readable file is never an error because of the tool's own limits, and nothing ends
 * with a stack trace.
 */
class LimitsIT {

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

    @Test
    void buffersBeyondTheMemoryThereIsAreRefusedBeforeTheWalk() throws Exception {
        Launched r = run(List.of(), "--buffer-size", "1G", "-j", "100000", data.toString());
        assertEquals(2, r.status(), r.err());
        assertTrue(r.err().startsWith("dirdump: --buffer-size 1.0 GiB for each of 100000 readers needs "), r.err());
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
        assertEquals(2, r.status(), r.err());
        assertTrue(r.err().startsWith("dirdump: out of memory: "), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
    }
}
