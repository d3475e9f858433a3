package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.testing.DirdumpRun;
import dirdump.testing.Trees;
import dirdump.testing.Untouched;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReadTotalsTest {
    @TempDir
    Path tmp;

    @Test
    void readsEveryFileAndEveryByteOnDisk() throws Exception {
        List<Path> files = Trees.randomTree(tmp, 300, 70_000, 1);
        Trees.file(tmp.resolve("empty"), 0, 0);
        files.add(tmp.resolve("empty"));

        DirdumpRun run = DirdumpRun.json("--force", tmp);

        assertEquals(0, run.status(), run.err());
        assertEquals(files.size(), run.count("files_read"));
        assertEquals(Trees.totalSize(files), run.count("bytes_read"));
        assertEquals(0, run.count("errors"));
        assertEquals(0, run.skipped("total"));
    }

    @Test
    void optionsMayFollowThePathAndBufferSizesTakeUnits() throws Exception {
        List<Path> files = Trees.randomTree(tmp, 20, 300_000, 2);
        for (String size : new String[] {"1", "4096", "64k", "1M", "1MiB", "2m"}) {
            DirdumpRun run = DirdumpRun.of("--force", tmp, "--buffer-size", size, "--json");
            assertEquals(0, run.status(), size + ": " + run.err());
            assertEquals(Trees.totalSize(files), run.count("bytes_read"), size);
        }
        assertEquals(1 << 20, DirdumpRun.json("--force", tmp, "--buffer-size=1MiB").count("buffer_size"));
    }

    @Test
    void aBadBufferSizeIsAUsageError() {
        for (String size : new String[] {"0", "12q", "-5", "2G", ""}) {
            DirdumpRun run = DirdumpRun.of(tmp, "--buffer-size", size);
            assertEquals(2, run.status(), size);
            assertTrue(run.err().contains("--buffer-size"), run.err());
        }
    }

    @Test
    void aFileGivenAsPathIsReadItself() throws Exception {
        Path f = Trees.file(tmp.resolve("one"), 12_345, 3);
        DirdumpRun run = DirdumpRun.json("--force", f);
        assertEquals(0, run.status());
        assertEquals(1, run.count("files_read"));
        assertEquals(12_345, run.count("bytes_read"));
    }

    @Test
    void anEmptyDirectoryReadsNothingAndSucceeds() {
        DirdumpRun run = DirdumpRun.json(tmp);
        assertEquals(0, run.status());
        assertEquals(0, run.count("files_read"));
        assertEquals(1, run.count("directories"));
    }

    @Test
    void aMissingPathIsExitTwoAndTheOtherPathsAreStillRead() throws Exception {
        Trees.file(tmp.resolve("a"), 10, 4);
        Path missing = tmp.resolve("missing");

        DirdumpRun alone = DirdumpRun.of(missing);
        assertEquals(2, alone.status());
        assertTrue(alone.err().contains("dirdump: " + missing + ": No such file or directory"), alone.err());

        DirdumpRun mixed = DirdumpRun.json("--force", missing, tmp);
        assertEquals(2, mixed.status());
        assertEquals(1, mixed.count("files_read"));
        assertEquals(1, mixed.count("unusable_paths"));
    }

    @Test
    void quietPrintsNothingOnSuccessAndVerboseListsEachFile() throws Exception {
        Trees.randomTree(tmp, 5, 100, 5);
        DirdumpRun quiet = DirdumpRun.of("--force", "-q", tmp);
        assertEquals(0, quiet.status());
        assertEquals("", quiet.err());
        assertEquals("", quiet.out());

        DirdumpRun verbose = DirdumpRun.of("--force", "-v", tmp);
        assertEquals(5, verbose.readOrder().size());
        assertTrue(verbose.err().contains("dirdump: read 5 files"), verbose.err());
        assertEquals("", verbose.out(), "people's output goes to stderr");

        assertEquals(2, DirdumpRun.of("-q", "-v", tmp).status(), "-q and -v exclude each other");
    }

    @Test
    void theHumanSummaryGoesToStderrAndJsonToStdout() throws Exception {
        Trees.randomTree(tmp, 3, 100, 6);
        DirdumpRun human = DirdumpRun.of("--force", tmp);
        assertEquals("", human.out());
        assertTrue(human.err().matches("(?s)dirdump: read 3 files, .* in .* s \\(.* MiB/s, .* files/s\\)\n.*"), human.err());

        DirdumpRun json = DirdumpRun.json("--force", tmp);
        assertEquals("", json.err());
        assertEquals(3, json.count("files_read"));
        for (String field : new String[] {"bytes_read", "errors", "directories", "order", "method", "io", "jobs",
                "buffer_size", "mib_per_second", "files_per_second", "exit_status", "unusable_paths"}) {
            assertTrue(json.summary().has(field), field);
        }
        assertTrue(json.summary().getAsJsonObject("seconds").has("reading"));
    }

    @Test
    void helpAndVersionNameTheExitStatuses() {
        DirdumpRun help = DirdumpRun.of("--help");
        assertEquals(0, help.status());
        assertTrue(help.out().contains("Exit status:"), help.out());
        assertTrue(help.out().contains("--nosort"), help.out());
        DirdumpRun version = DirdumpRun.of("--version");
        assertEquals(0, version.status());
        assertTrue(version.out().startsWith("dirdump "), version.out());
        assertEquals(2, DirdumpRun.of().status(), "PATH is required");
    }

    @Test
    void nothingReadIsChanged() throws Exception {
        Untouched files = Untouched.of(Trees.randomTree(tmp, 30, 50_000, 7));
        assertEquals(0, DirdumpRun.of("--force", "-q", tmp).status());
        files.assertUnchanged();
    }
}
