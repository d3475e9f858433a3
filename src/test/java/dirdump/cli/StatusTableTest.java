package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonObject;
import dirdump.outcome.Units;
import dirdump.testing.DirdumpRun;
import dirdump.testing.PageCache;
import dirdump.testing.Tmpfs;
import dirdump.testing.Trees;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
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

    @Test
    void sparseFilesRowsAreFincoresRowsAndTheDataGetsColumnsOfItsOwn() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/fincore")), "util-linux fincore is not installed");
        sparseAgainstFincore(Files.createDirectories(tmp.resolve("disk")));
        try (Tmpfs shm = Tmpfs.create(tmp)) {
            sparseAgainstFincore(shm.dir());
        }
    }

    /** A sparse file read whole (its holes too, as cat reads them), one not read, and a plain one. */
    private void sparseAgainstFincore(Path dir) throws Exception {
        Path read = sparse(dir.resolve("read"), 4 << 20, 2 << 20);
        sparse(dir.resolve("unread"), 4 << 20, PAGE);
        Trees.file(dir.resolve("plain"), 3 * PAGE, 1);
        PageCache.retryIfDropped(() -> {
            Files.readAllBytes(read);
            String fincore = Trees.shOutput(dir, "fincore --bytes --noheadings --raw -o RES,PAGES,SIZE,FILE \"$PWD\"/*");
            DirdumpRun run = DirdumpRun.of("status", "-v", "-n", "-b", "-r", "--order=name", dir);
            assertEquals(0, run.status(), run.err());
            assertEquals(List.of(fincore.strip().split("\n")), run.outLines(), dir + ": row by row as fincore");
            long readPages = fincorePages(fincore, read);
            long unreadPages = fincorePages(fincore, dir.resolve("unread"));
            assertTrue(run.err().contains(String.format(Locale.ROOT,
                    "%n  sparse: 2 files, in the total by their data; as fincore: %,d of 2,048 pages%n",
                    readPages + unreadPages)), run.err());

            DirdumpRun data = DirdumpRun.of("status", "-v", "-r", "--order=name", "-o",
                    "DATA_RES,DATA_PAGES,DATA_SIZE,DATA_PERCENT,PERCENT,FILE", dir);
            assertEquals(List.of("DATA_RES DATA_PAGES DATA_SIZE %DATA % FILE",
                    "12KiB 3 12KiB 100.0 100.0 " + dir.resolve("plain"),
                    "4KiB 1 4KiB 100.0 " + Units.percent(readPages, 1024) + " " + read,
                    "4KiB 1 4KiB 100.0 " + Units.percent(unreadPages, 1024) + " " + dir.resolve("unread")),
                    data.outLines(), dir.toString());

            JsonObject row = DirdumpRun.json("status", "-v", read).summary().getAsJsonArray("per_file").get(0).getAsJsonObject();
            assertEquals(readPages, row.get("pages_resident").getAsLong(), row.toString());
            assertEquals(1024, row.get("pages").getAsLong());
            assertEquals(1, row.get("data_pages_resident").getAsLong());
            assertEquals(1, row.get("data_pages").getAsLong());
            assertEquals(PAGE, row.get("data_bytes_resident").getAsLong());
            assertEquals(100.0, row.get("data_percent").getAsDouble());
        });
    }

    /** The PAGES of {@code file} in fincore's raw rows of RES, PAGES, SIZE, FILE. */
    private static long fincorePages(String rows, Path file) {
        for (String row : rows.split("\n")) {
            String[] cells = row.split(" ", 4);
            if (cells.length == 4 && cells[3].equals(file.toString())) {
                return Long.parseLong(cells[1]);
            }
        }
        throw new AssertionError(file + " not in fincore's rows: " + rows);
    }

    /** {@code size} bytes, all hole but one byte at {@code at}, in the page cache after writing. */
    private static Path sparse(Path p, long size, long at) throws Exception {
        try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw")) {
            f.setLength(size);
            f.seek(at);
            f.write('x');
        }
        return p;
    }
}
