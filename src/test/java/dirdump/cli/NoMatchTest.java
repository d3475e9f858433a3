package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.testing.DirdumpRun;
import dirdump.testing.Trees;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Filters that leave out every file fail the run, as grep fails when nothing matches. */
class NoMatchTest {
    @TempDir
    Path tmp;

    @Test
    void aPatternThatMatchesNothingSaysSoAndExitsOneForEveryCommand() throws Exception {
        Trees.file(tmp.resolve("a.txt"), 100, 1);
        for (String command : new String[] {"", "status", "evict"}) {
            Object[] args = command.isEmpty() ? new Object[] {"-q", "--include", "*.xyz", tmp}
                    : new Object[] {command, "-q", "--include", "*.xyz", tmp};
            DirdumpRun run = DirdumpRun.of(args);
            assertEquals(1, run.status(), command);
            assertEquals("dirdump: no file matched --include '*.xyz'\n", run.err(), command + ": said also with -q");
        }
        DirdumpRun json = DirdumpRun.json("--include", "*.xyz", tmp);
        assertEquals(1, json.summary().get("exit_status").getAsInt());
    }

    @Test
    void theFiltersThatLeftFilesOutAreNamed() throws Exception {
        Trees.file(tmp.resolve("a.txt"), 100, 1);
        DirdumpRun sizes = DirdumpRun.of("status", "--min-size", "1k", tmp);
        assertEquals(1, sizes.status());
        assertTrue(sizes.err().startsWith("dirdump: no file matched --min-size 1024\n"), sizes.err());
        DirdumpRun excluded = DirdumpRun.of("-q", "--exclude", "it's", "--exclude", "*.txt", tmp);
        assertEquals("dirdump: no file matched --exclude 'it'\\''s' --exclude '*.txt'\n", excluded.err());
    }

    @Test
    void aTreeWithoutFilesOrAFilterThatLeavesOneIsNoFailure() throws Exception {
        Files.createDirectory(tmp.resolve("empty"));
        assertEquals(0, DirdumpRun.of("-q", "--include", "*.xyz", tmp.resolve("empty")).status());
        Trees.file(tmp.resolve("a.txt"), 100, 1);
        assertEquals(0, DirdumpRun.of("-q", "--force", "--include", "*.txt", "--exclude", "*.xyz", tmp).status());
    }

    /** --max-depth as find's -maxdepth: 0 is the PATHs themselves; a directory PATH's files lie deeper. */
    @Test
    void maxDepthZeroReadsOnlyFilePathsAndADirectoryPathAloneMatchesNothing() throws Exception {
        Trees.file(tmp.resolve("a.txt"), 100, 1);
        Trees.file(tmp.resolve("sub/b.txt"), 100, 2);
        DirdumpRun dir = DirdumpRun.of("-q", "--max-depth", "0", tmp);
        assertEquals(1, dir.status(), dir.err());
        assertEquals("dirdump: no file matched --max-depth 0\n", dir.err());
        DirdumpRun json = DirdumpRun.json("--max-depth", "0", tmp);
        assertEquals(1, json.summary().get("exit_status").getAsInt());
        assertEquals(1, json.summary().getAsJsonObject("filtered").get("depth").getAsInt());
        assertEquals(0, json.count("directories"));

        DirdumpRun file = DirdumpRun.json("--force", "--max-depth", "0", tmp.resolve("a.txt"));
        assertEquals(0, file.summary().get("exit_status").getAsInt());
        assertEquals(1, file.count("files_read"));
        assertEquals(100, file.count("bytes_read"));
    }

    @Test
    void filesOnlyBelowMaxDepthMatchNothing() throws Exception {
        Trees.file(tmp.resolve("sub/b.txt"), 100, 2);
        DirdumpRun run = DirdumpRun.of("-v", "--max-depth", "1", tmp);
        assertEquals(1, run.status(), run.err());
        assertTrue(run.err().startsWith(tmp.resolve("sub") + ": filtered: --max-depth 1\n"
                + "dirdump: no file matched --max-depth 1\n"), run.err());
        assertTrue(run.errUnwrapped().contains("  filtered: 1 (--max-depth 1)\n"), run.err());
        DirdumpRun deeper = DirdumpRun.json("--force", "--max-depth", "2", tmp);
        assertEquals(0, deeper.summary().get("exit_status").getAsInt());
        assertEquals(1, deeper.count("files_read"));
        assertEquals(0, deeper.summary().getAsJsonObject("filtered").get("depth").getAsInt());
    }
}
