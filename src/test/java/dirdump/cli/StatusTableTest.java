package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.testing.DirdumpRun;
import dirdump.testing.PageCache;
import dirdump.testing.Trees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The status table as fincore's: its columns and options, the footer apart, --min-percent. */
class StatusTableTest {
    private static final int PAGE = 4096;

    @TempDir
    Path tmp;

    @Test
    void stdoutHoldsOnlyTheTableWithFincoresColumnsAndTheTotalsGoToStderr() throws Exception {
        Trees.file(tmp.resolve("b"), 3 * PAGE, 1);
        Trees.file(tmp.resolve("a"), 10, 2);
        DirdumpRun run = DirdumpRun.of("status", "-v", "--order=name", tmp);
        assertEquals(0, run.status(), run.err());
        List<String> lines = run.outLines();
        assertEquals(3, lines.size(), run.out());
        assertEquals(List.of("RES", "PAGES", "SIZE", "FILE"), List.of(lines.get(0).trim().split(" +")));
        assertTrue(lines.get(1).matches(" *\\S+ +\\d+ +10B " + tmp.resolve("a")), lines.get(1));
        assertTrue(lines.get(2).matches(" *\\S+ +\\d+ +12KiB " + tmp.resolve("b")), lines.get(2));
        assertEquals(lines.get(0).indexOf("FILE"), lines.get(1).indexOf(tmp.toString()), "aligned");
        assertTrue(run.err().startsWith("dirdump: 2 files measured: "), run.err());
        assertTrue(run.err().contains("order name"), run.err());

        DirdumpRun quiet = DirdumpRun.of("status", tmp);
        assertEquals("", quiet.out(), "without -v no rows: the totals only, on stderr");
        assertTrue(quiet.err().startsWith("dirdump: 2 files measured: "), quiet.err());
    }

    @Test
    void outputNoheadingsBytesAndRawAsFincore() throws Exception {
        Path spaced = Trees.file(tmp.resolve("a b"), 5000, 1);
        PageCache.retryIfDropped(() -> {
            Files.readAllBytes(spaced);
            DirdumpRun run = DirdumpRun.of("status", "-v", "-n", "-b", "-r", "-o", "pages,size,res,file", tmp);
            assertEquals(0, run.status(), run.err());
            assertEquals(List.of("2 5000 8192 " + tmp + "/a\\x20b"), run.outLines());
        });
        DirdumpRun header = DirdumpRun.of("status", "-v", "-r", "-o", "FILE,PERCENT", tmp);
        assertEquals("FILE %", header.outLines().get(0));
        DirdumpRun bad = DirdumpRun.of("status", "-o", "RES,COLOR", tmp);
        assertEquals(2, bad.status());
        assertTrue(bad.err().contains("unknown column 'COLOR'"), bad.err());
    }

    @Test
    void minPercentExitsOneSayingHowMuchWasFound() throws Exception {
        List<Path> files = Trees.randomTree(tmp, 10, 40_000, 5);
        Trees.sync(files);
        PageCache.retryIfDropped(() -> {
            PageCache.evict(files);
            DirdumpRun cold = DirdumpRun.of("status", "-q", "--min-percent", 50, tmp);
            assertEquals(1, cold.status(), cold.err());
            assertEquals("dirdump: 0.0 % of the pages are in the page cache, less than --min-percent 50\n", cold.err());
            assertEquals(0, DirdumpRun.of("status", "-q", "--min-percent", 0, tmp).status());
            DirdumpRun.of("-q", tmp);
            DirdumpRun warm = DirdumpRun.json("status", "--min-percent", 100, tmp);
            assertEquals(0, warm.status(), warm.err());
            assertEquals(100.0, warm.summary().getAsJsonObject("settings").get("min_percent").getAsDouble());
        });
        assertEquals(2, DirdumpRun.of("status", "--min-percent", 101, tmp).status());
    }
}
