package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dirdump.sys.Terminal;
import dirdump.testing.DirdumpRun;
import dirdump.testing.Trees;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Into a pipe (the test's stderr is one), every line each command writes on stderr at the default
 * verbosity is whole: `dirdump status DIR 2>&1 | head -1` gets the line, not its first 80 columns. On a
 * terminal the lines fit its width (OutputWidthIT).
 */
class SummaryWidthTest {
    @TempDir
    Path tmp;

    @Test
    void everyCommandsCommonOutcomesAreWholeLinesIntoAPipe() throws Exception {
        assumeFalse(Terminal.stderrIsTerminal(), "stderr of the tests is a terminal: there lines are broken at its width");
        Path set = Files.createDirectory(tmp.resolve("set"));
        List<Path> files = Trees.randomTree(set, 30, 200_000, 7);
        Files.createSymbolicLink(set.resolve("link"), files.get(0));
        Trees.sh(set, "mkfifo fifo");
        try (RandomAccessFile f = new RandomAccessFile(set.resolve("sparse").toFile(), "rw")) {
            f.setLength(64 << 20);
            f.write('x');
        }
        List<Object[]> runs = List.of(
                new Object[] {"--force", set},
                new Object[] {set},
                new Object[] {"--force", "--exclude", "*.none", "--min-size", "1", "--seek-distance", set},
                new Object[] {"--force", "--max-bytes", "1M", set},
                new Object[] {"--force", "-j", "64", "--max-bytes", "1M", set},
                new Object[] {"--force", "--max-bytes", "auto", set},
                new Object[] {"--force", "--method", "willneed", "--range", "0-64k", set},
                new Object[] {"status", set},
                new Object[] {"evict", set},
                new Object[] {"order", "--stats", "--order", "physical", set},
                new Object[] {"run", "-v", set, "--", "true"},
                new Object[] {"run", "-v", "--lock", set, "--", "true"},
                new Object[] {"--include", "*.none", set},
                new Object[] {"bench", "--rounds", "1", "--variant=-j1", "--vs", "true # " + set + " and a comment that makes it longer", set});
        List<String> broken = new ArrayList<>();
        int widest = 0;
        for (Object[] args : runs) {
            DirdumpRun run = DirdumpRun.of(args);
            assertTrue(run.status() <= 1, run.err());
            assertTrue(!run.err().isEmpty(), "something to measure");
            for (String line : run.err().split("\n")) {
                widest = Math.max(widest, line.codePointCount(0, line.length()));
                // A summary's lines are indented 0, 2 or 4 columns: 6 is a line of 2 carried on.
                if (line.startsWith("      ")) {
                    broken.add(line);
                }
            }
        }
        assertEquals(List.of(), broken, "lines carried on below, as if for a terminal 80 columns wide");
        assertTrue(widest > 80, "a line wider than 80 columns, kept whole: " + widest);
    }
}
