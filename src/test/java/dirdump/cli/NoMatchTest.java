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
}
