package dirdump.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * The snapshot reader on any bytes: it returns a model or refuses with Snapshot.Unreadable (one line),
 * never anything else, and allocates no more than a small multiple of the input. A model read is
 * written again by SnapshotWriter and read back the same. Regression mode (mvn verify) replays the
 * committed inputs (SnapshotReaderFuzzTestInputs/readsOrRefuses: snapshots the writer made, the
 * hostile ones of the root-safety issue, and what fuzzing found); JAZZER_FUZZ=1 fuzzes for 10 minutes.
 */
class SnapshotReaderFuzzTest {
    /** Entries, names and ranges take at most this many bytes of heap a byte of input, and the messages a little. */
    private static final long HEAP_PER_BYTE = 16;
    private static final long HEAP_BASE = 1 << 20;
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @FuzzTest(maxDuration = "10m")
    void readsOrRefuses(byte[] input) throws Exception {
        try {
            Snapshot.read(input);  // once unmeasured: the first message formatted loads classes and locale data
        } catch (Snapshot.Unreadable e) {
            // measured below
        }
        long before = THREADS.getCurrentThreadAllocatedBytes();
        Snapshot s;
        try {
            s = Snapshot.read(input);
        } catch (Snapshot.Unreadable e) {
            assertFalse(e.getMessage().isEmpty() || e.getMessage().contains("\n"), e.getMessage());
            return;
        } finally {
            long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
            assertTrue(allocated <= HEAP_BASE + HEAP_PER_BYTE * input.length,
                    allocated + " bytes allocated for " + input.length + " bytes of input");
        }
        for (Snapshot.Entry e : s.entries()) {
            assertTrue(e.size() >= 0);
            long end = 0;
            for (int i = 0; i < e.ranges().length; i += 2) {
                assertTrue(e.ranges()[i] >= end && e.ranges()[i] < e.ranges()[i + 1] && e.ranges()[i + 1] <= e.size(),
                        "ranges in order, within the file");
                end = e.ranges()[i + 1];
            }
        }
        assertTrue(s.residentBytes() >= 0);
        assertEntriesEqual(s.entries(), Snapshot.read(written(s)).entries());
    }

    private static byte[] written(Snapshot s) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream stream = new PrintStream(bytes); SnapshotWriter w = SnapshotWriter.toStream(stream)) {
            for (Snapshot.Entry e : s.entries()) {
                w.file(e.root(), e.name(), e.size(), e.mtimeNanos(), e.ranges(), s.pageSize());
            }
            w.commit();
        }
        return bytes.toByteArray();
    }

    private static void assertEntriesEqual(List<Snapshot.Entry> expected, List<Snapshot.Entry> actual) {
        assertEquals(expected.size(), actual.size());
        for (int i = 0; i < expected.size(); i++) {
            Snapshot.Entry e = expected.get(i);
            Snapshot.Entry a = actual.get(i);
            assertArrayEquals(e.root(), a.root());
            assertArrayEquals(e.name(), a.name());
            assertEquals(e.size(), a.size());
            assertEquals(e.mtimeNanos(), a.mtimeNanos());
            assertArrayEquals(e.ranges(), a.ranges(), "as written again");
        }
    }
}
