package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dirdump.testing.DirdumpRun;
import dirdump.testing.Trees;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * --bwlimit on a real read: every byte read with one reader and with eight. The schedule itself (the
 * rate, the burst) is read.PacerTest's, on a clock of its own: no speed is asserted here.
 */
class PacingTest {
    @TempDir
    Path tmp;

    @Test
    void everyFileIsReadWholeUnderTheLimit() throws Exception {
        long bytes = Trees.totalSize(Trees.randomTree(tmp, 64, 256 * 1024, 12));
        for (String jobs : new String[] {"1", "8"}) {
            DirdumpRun run = DirdumpRun.json("--force", "-j", jobs, "--bwlimit", "32M/s", tmp);
            assertEquals(0, run.status(), run.err());
            assertEquals(64, run.count("files_read"), "-j " + jobs);
            assertEquals(bytes, run.count("bytes_read"), "-j " + jobs);
            assertEquals(32 << 20, run.summary().getAsJsonObject("settings").get("bwlimit").getAsLong(), "the limit");
        }
    }

    @Test
    void aRateMustBeASize() {
        assertEquals(2, DirdumpRun.of("--bwlimit", "fast", tmp).status());
        assertEquals(2, DirdumpRun.of("--bwlimit", "0", tmp).status());
        assertEquals(0, DirdumpRun.of("--bwlimit", "500KiB/s", tmp).status());
        assertEquals(2, DirdumpRun.of("--ionice", "realtime", tmp).status());
        assertEquals(2, DirdumpRun.of("--ionice", "best-effort:8", tmp).status());
    }
}
