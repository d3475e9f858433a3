package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.testing.DirdumpRun;
import dirdump.testing.Trees;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --bwlimit paces all readers together; asserted loosely (a factor), since this is not a speed test. */
class PacingTest {
    @TempDir
    Path tmp;

    @Test
    void theRateStaysNearTheLimit() throws Exception {
        long bytes = Trees.totalSize(Trees.randomTree(tmp, 64, 256 * 1024, 12));
        for (String jobs : new String[] {"1", "8"}) {
            DirdumpRun run = DirdumpRun.json("--force", "-j", jobs, "--bwlimit", "8M/s", tmp);
            assertEquals(bytes, run.count("bytes_read"));
            double seconds = run.summary().getAsJsonObject("seconds").get("reading").getAsDouble();
            double rate = bytes / seconds / (8 << 20);
            assertTrue(rate > 0.5 && rate < 1.5, "rate / limit = " + rate + " with -j " + jobs);
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
