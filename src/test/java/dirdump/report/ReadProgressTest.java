package dirdump.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.report.StatusLine;
import dirdump.report.StderrReporter;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** What the progress line says, and how it shares stderr with messages. */
class ReadProgressTest {
    private static final long MIB = 1 << 20;

    @Test
    void bigFilesShowProgressByBytesBeforeAnyIsDone() {
        // 0 of 4 files of 100 MiB done, all 4 taken, 100 MiB read in 10 s: a quarter, 30 s left.
        String text = ReadProgress.text(new ReadProgress.Counts(0, 4, 100 * MIB, 4, 400 * MIB, 0, 10), 200);
        assertEquals("dirdump: 25%, 0 of 4 files, 100.0 MiB of 400.0 MiB, 10.0 MiB/s, 0:10 elapsed, 0:30 left", text);
    }

    @Test
    void filesNotTakenYetCountAtTheMeanSizeOfThoseTaken() {
        // One reader: 1 of 4 files taken, of 100 MiB, 50 MiB of it read: an eighth; the total not shown yet.
        String text = ReadProgress.text(new ReadProgress.Counts(0, 4, 50 * MIB, 1, 100 * MIB, 0, 5), 200);
        assertEquals("dirdump: 12%, 0 of 4 files, 50.0 MiB, 10.0 MiB/s, 0:05 elapsed, 0:35 left", text);
    }

    @Test
    void filesSkippedAsCachedCountAsDoneByTheirSizes() {
        // 3 of 4 files done (skipped, cached: nothing read), 300 MiB of them: 75 %.
        String text = ReadProgress.text(new ReadProgress.Counts(3, 4, 0, 4, 400 * MIB, 300 * MIB, 1), 200);
        assertTrue(text.startsWith("dirdump: 75%, 3 of 4 files, "), text);
    }

    @Test
    void untilAFileIsSizedByFiles() {
        String text = ReadProgress.text(new ReadProgress.Counts(10, 40, 5 * MIB, 0, 0, 0, 2), 200);
        assertEquals("dirdump: 25%, 10 of 40 files, 5.0 MiB, 2.5 MiB/s, 0:02 elapsed, 0:06 left", text);
    }

    @Test
    void aNarrowTerminalLosesTheLeastUsefulPartsFirst() {
        ReadProgress.Counts c = new ReadProgress.Counts(1_000, 40_000, 5 * MIB, 0, 0, 0, 3_725);
        assertEquals("dirdump: 2%, 1,000 of 40,000 files, 1:02:05 elapsed, 40:21:15 left", ReadProgress.text(c, 70));
        assertEquals("dirdump: 2%, 1:02:05 elapsed, 40:21:15 left", ReadProgress.text(c, 49));
        assertEquals("dirdump: 2%, 40:21:15 left", ReadProgress.text(c, 30));
        assertEquals("dirdump: 2%", ReadProgress.text(c, 5), "the line cuts what is still too long");
    }

    @Test
    void notAHundredPercentBeforeTheLastFileIsDone() {
        assertTrue(ReadProgress.text(new ReadProgress.Counts(3, 4, 500, 4, 400, 0, 1), 200).startsWith("dirdump: 99%"));
        assertTrue(ReadProgress.text(new ReadProgress.Counts(4, 4, 500, 4, 400, 0, 1), 200).startsWith("dirdump: 100%"));
    }

    @Test
    void aMessageErasesTheLineAndTheLineComesBackBelowIt() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        StderrReporter reporter = new StderrReporter(err, StderrReporter.Verbosity.NORMAL);
        StatusLine line = reporter.statusLine(() -> 50);
        line.draw("dirdump: 12%, " + "x".repeat(60));
        reporter.error("a/b".getBytes(StandardCharsets.UTF_8), "Permission denied");
        line.erase();
        String drawnLine = "dirdump: 12%, " + "x".repeat(35);  // 49 columns: one less than the terminal's
        assertEquals("\r" + drawnLine + "\033[K" + "\r\033[K" + "dirdump: a/b: Permission denied" + System.lineSeparator()
                + "\r" + drawnLine + "\033[K" + "\r\033[K", bytes.toString(StandardCharsets.UTF_8));
    }
}
