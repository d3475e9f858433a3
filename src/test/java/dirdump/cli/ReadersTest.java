package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.testing.AsUser;
import dirdump.testing.DirdumpRun;
import dirdump.testing.Trees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Many readers, prefetch and WILLNEED must account for exactly what one plain reader does. */
class ReadersTest {
    @TempDir
    Path tmp;

    @Test
    void everyWayOfReadingCountsTheSameFilesBytesSkipsAndErrors() throws Exception {
        List<Path> files = Trees.randomTree(tmp, 500, 100_000, 8);
        Files.createLink(tmp.resolve("hard"), files.get(0));
        Files.createSymbolicLink(tmp.resolve("link"), files.get(1));
        assertEquals(0, Trees.sh(tmp, "mkfifo fifo"));
        long bytes = Trees.totalSize(files);

        DirdumpRun one = DirdumpRun.of("--force", "-j", 1, "-v", "--json", tmp);
        assertEquals(500, one.count("files_read"));
        assertEquals(bytes, one.count("bytes_read"));
        Set<String> readByOne = new HashSet<>(one.readOrder());
        assertEquals(500, readByOne.size());

        String[][] variants = {
            {"-j", "2"}, {"-j", "8"}, {"-j", "64"}, {"-j", "8", "--prefetch", "0"}, {"-j", "8", "--prefetch", "1"},
            {"--buffer-size", "4k", "-j", "3"}, {"--method", "willneed"}, {"--method", "willneed", "-j", "1"}};
        for (String[] variant : variants) {
            Object[] args = new Object[variant.length + 4];
            System.arraycopy(variant, 0, args, 0, variant.length);
            args[variant.length] = "--force";
            args[variant.length + 1] = "-v";
            args[variant.length + 2] = "--json";
            args[variant.length + 3] = tmp;
            DirdumpRun run = DirdumpRun.of(args);
            String name = String.join(" ", variant);
            assertEquals(0, run.status(), name);
            assertEquals(one.count("files_read"), run.count("files_read"), name);
            assertEquals(one.count("bytes_read"), run.count("bytes_read"), name);
            assertEquals(one.summary().get("skipped"), run.summary().get("skipped"), name);
            assertEquals(one.count("errors"), run.count("errors"), name);
            assertEquals(readByOne, new HashSet<>(run.readOrder()), name);
        }
        assertEquals("willneed", DirdumpRun.json("--method", "willneed", tmp).summary().get("method").getAsString());
        // Without --force, every reader and opener skips what is cached already, and counts it once.
        for (String jobs : new String[] {"1", "8"}) {
            DirdumpRun again = DirdumpRun.json("-j", jobs, tmp);
            assertEquals(0, again.count("files_read"), jobs);
            assertEquals(500, again.skipped("already_cached"), jobs);
        }
    }

    @Test
    void eachUnreadableFileIsReportedOnceWithManyReaders() throws Exception {
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        List<Path> files = Trees.randomTree(tmp, 60, 1000, 9);
        Trees.sh(tmp, "chmod -R a+rX .");
        for (int i = 0; i < 10; i++) {
            Files.setPosixFilePermissions(files.get(i * 6), PosixFilePermissions.fromString("---------"));
        }
        DirdumpRun run = AsUser.nobody(() -> DirdumpRun.json("--force", "-j", 16, tmp));
        assertEquals(1, run.status());
        assertEquals(50, run.count("files_read"));
        assertEquals(10, run.count("errors"));
        assertEquals(10, run.err().lines().filter(l -> l.endsWith(": Permission denied")).distinct().count(), run.err());
        assertEquals(10, run.err().lines().count(), run.err());
    }

    @Test
    void jobsAndPrefetchMustBeSensible() {
        DirdumpRun zero = DirdumpRun.of("-j", 0, tmp);
        assertEquals(2, zero.status());
        assertTrue(zero.err().contains("--jobs"), zero.err());
        assertEquals(2, DirdumpRun.of("--prefetch", -1, tmp).status());
        assertEquals(2, DirdumpRun.of("--method", "mmap", tmp).status());
    }
}
