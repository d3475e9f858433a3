package dirdump.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The snapshot reader on any bytes: it returns a model or refuses with Snapshot.Unreadable (one line),
 * never anything else, and allocates no more than a small multiple of the input. A model read is
 * written again by SnapshotWriter and read back the same. Regression mode (mvn verify) replays the
 * committed inputs (SnapshotReaderFuzzTestInputs/readsOrRefuses: snapshots the writer made, the
 * hostile ones of the root-safety issue, and what fuzzing found); JAZZER_FUZZ=1 fuzzes for 10 minutes.
 * And the other way round: whatever the writer saves, within the one {@link SnapshotBounds} both use,
 * the reader reads back the same ({@link #savedIsReadBack}: fuzzed, and run on random snapshots).
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

    /**
     * Random roots, names, depths, sizes and ranges, some beyond small bounds, saved by the writer:
     * every file it saved is read back as it was, in order, none refused; every file it left out is
     * one beyond the bounds (its name with its root too long, or no room left below the largest size),
     * counted; and the snapshot is within the largest size. Input: the choices, as bytes.
     */
    @FuzzTest(maxDuration = "10m")
    void savedIsReadBack(byte[] input) throws Exception {
        Choices c = new Choices(input);
        SnapshotBounds bounds = new SnapshotBounds(16 + c.next(240), 64 + c.next(4000));
        int pageSize = 512 << c.next(4);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        List<Snapshot.Entry> saved = new ArrayList<>();
        long leftOut = 0;
        long size = 25;  // the header
        byte[] lastRoot = null;
        try (PrintStream stream = new PrintStream(bytes); SnapshotWriter w = SnapshotWriter.toStream(stream, bounds)) {
            byte[] root = path(c, c.next(2) == 0);
            for (int files = c.next(40); files > 0; files--) {
                if (c.next(4) == 0) {
                    root = path(c, c.next(2) == 0);
                }
                byte[] name = path(c, false);
                long fileSize = c.next(8) == 0 ? Long.MAX_VALUE - c.next(1 << 20) : c.next(1 << 20);
                long[] ranges = ranges(c, fileSize, pageSize);
                long record = (Arrays.equals(root, lastRoot) ? 0 : 5 + root.length) + 25 + name.length
                        + 8L * ranges.length;
                boolean fits = root.length + 1 + name.length <= bounds.longestName()
                        && size + record + 9 <= bounds.largest();
                assertEquals(fits, w.file(root, name, fileSize, files, ranges, pageSize),
                        "saved exactly when within the bounds");
                if (fits) {
                    saved.add(new Snapshot.Entry(root, name, fileSize, files, ranges));
                    size += record;
                    lastRoot = root;
                } else {
                    leftOut++;
                }
            }
            w.commit();
            assertEquals(leftOut == 0, w.leftOut() == null, "files left out are told: " + w.leftOut());
        }
        byte[] snapshot = bytes.toByteArray();
        assertTrue(snapshot.length <= bounds.largest(), snapshot.length + " bytes");
        Snapshot read = Snapshot.read(snapshot, bounds);
        assertEquals(List.of(), read.refused(), "nothing saved is refused");
        assertEntriesEqual(saved, read.entries());
    }

    /** {@link #savedIsReadBack} on 3,000 random inputs: in every mvn verify, not only when fuzzing. */
    @Test
    void randomSnapshotsAreReadBackAsSaved() throws Exception {
        Random random = new Random(29);
        for (int i = 0; i < 3000; i++) {
            byte[] input = new byte[random.nextInt(4000)];
            random.nextBytes(input);
            savedIsReadBack(input);
        }
    }

    /**
     * With the format's own bounds: a name that with its root is one byte longer than the longest a
     * replay takes is left out and counted, and the file saved beside it is read back.
     */
    @Test
    void aNameLongerThanAReplayTakesIsLeftOutAndCounted() throws Exception {
        byte[] root = "/r".getBytes(StandardCharsets.US_ASCII);
        byte[] overlong = new byte[SnapshotBounds.FORMAT.longestName() - root.length];
        Arrays.fill(overlong, (byte) 'n');
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream stream = new PrintStream(bytes); SnapshotWriter w = SnapshotWriter.toStream(stream)) {
            assertFalse(w.file(root, overlong, 4096, 0, new long[] {0, 4096}, 4096));
            assertTrue(w.file(root, Arrays.copyOf(overlong, overlong.length - 1), 4096, 0, new long[] {0, 4096}, 4096),
                    "the longest name is saved");
            w.commit();
            assertEquals("1 file not saved, which a replay would not read: 1 of names longer than the 16 MiB a replay "
                    + "takes", w.leftOut());
        }
        Snapshot read = Snapshot.read(bytes.toByteArray());
        assertEquals(1, read.entries().size());
        assertEquals(List.of(), read.refused());
    }

    /** A path of 1 to 8 components of 1 to 24 bytes, none a NUL or a slash, none "." or "..". */
    private static byte[] path(Choices c, boolean absolute) {
        ByteArrayOutputStream path = new ByteArrayOutputStream();
        if (absolute) {
            path.write('/');
        }
        for (int depth = 1 + c.next(8), i = 0; i < depth; i++) {
            if (i > 0) {
                path.write('/');
            }
            int length = 1 + c.next(24);
            for (int j = 0; j < length; j++) {
                int b = 1 + c.next(255);
                path.write(b == '/' || b == '.' ? 'x' : b);
            }
        }
        return path.toByteArray();
    }

    /** Resident byte ranges as the saver gives them: whole pages, apart, the last one ending at the size. */
    private static long[] ranges(Choices c, long size, int pageSize) {
        long pages = ByteRanges.pageCount(size, pageSize);
        List<Long> ranges = new ArrayList<>();
        long page = c.next(4);
        for (int k = c.next(6); k > 0 && page < pages; k--) {
            long end = Math.min(pages, page + 1 + c.next(8));
            ranges.add(page * pageSize);
            ranges.add(end == pages ? size : end * pageSize);
            page = end + 1 + c.next(1 << 20);
        }
        return ranges.stream().mapToLong(Long::longValue).toArray();
    }

    /** Numbers taken from the input's bytes, 0 once they run out: a fuzzer steers each choice. */
    private static final class Choices {
        private final ByteBuffer in;

        Choices(byte[] input) {
            this.in = ByteBuffer.wrap(input);
        }

        /** A number from 0 to {@code bound} - 1. */
        int next(int bound) {
            int v = in.remaining() >= 4 ? in.getInt() : 0;
            return Math.floorMod(v, bound);
        }
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
