package dirdump.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dirdump.outcome.Reporter;
import dirdump.outcome.Tally;
import dirdump.report.StderrReporter;
import dirdump.sys.OpenFile;
import dirdump.sys.Os;
import dirdump.sys.PathNames;
import dirdump.sys.ReadRing;
import dirdump.testing.Trees;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import jnr.posix.POSIXFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An open the ring does not do, as an old kernel without IORING_OP_OPENAT answers it (-EINVAL), or for
 * want of a descriptor (-EMFILE): the opener opens the file itself, checked as ever, nothing told; after
 * -EINVAL the ring queues no open again, and the reader opens every file itself.
 */
class RingOpenFallbackTest {
    private static final int EINVAL = 22;
    private static final int EMFILE = 24;

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream messages = new ByteArrayOutputStream();
    private final Reporter reporter = new StderrReporter(new PrintStream(messages, true), StderrReporter.Verbosity.NORMAL);
    private final Os os = Os.load(reporter::warning);

    /** Queues the open of listed file 0, takes its real completion (and closes what it opened), answers {@code result}. */
    private OpenFile answered(FileOpener opener, ReadRing ring, int result, Tally tally) throws Exception {
        assertTrue(opener.queueOpen(ring, 0, 0));
        int[] slots = new int[1];
        int[] results = new int[1];
        assertEquals(1, ring.submitAndWait(slots, results));
        if (results[0] >= 0) {
            POSIXFactory.getNativePOSIX().close(results[0]);
        }
        return opener.opened(ring, 0, 0, result, tally);
    }

    @Test
    void anOpenTheRingDoesNotDoIsDoneByTheOpener() throws Exception {
        Path dir = tmp.resolve("d");
        Trees.file(dir.resolve("f"), 3000, 1);
        try (WalkResult walk = new Walker(os, new WalkSettings(false, false, Integer.MAX_VALUE, PathFilter.NONE), reporter,
                new Tally()).walk(List.of(PathNames.bytes(dir.toString())), null);
             ReadRing ring = os.readRing(1, 4096)) {
            assumeTrue(ring.opens(), "this kernel has no IORING_OP_OPENAT");
            FileOpener opener = new FileOpener(os, walk, reporter, FileOpener.Use.READ);
            Tally tally = new Tally();
            for (int result : new int[] {-EMFILE, -EINVAL}) {
                try (OpenFile file = answered(opener, ring, result, tally)) {
                    assertNotNull(file, messages.toString());
                    assertEquals(3000, opener.stat().size());
                }
            }
            assertFalse(ring.opens(), "no IORING_OP_OPENAT: no open queued in this ring again");
            assertFalse(opener.queueOpen(ring, 0, 0));
            assertEquals(0, tally.errors() + tally.changed());
            assertEquals("", messages.toString());
        }
    }
}
