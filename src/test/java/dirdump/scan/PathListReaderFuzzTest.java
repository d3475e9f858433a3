package dirdump.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dirdump.sys.SysException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The --files-from reader on any bytes, newline or NUL records, read in pieces of any size: it gives
 * exactly the records of the list, each record longer than the longest name refused on its own
 * (Overlong) and the list read on, or refuses the list (SysException); a list without end (the input
 * repeated, as /dev/zero) is refused or read record by record, never buffered without bound. The
 * longest name is made small here ({@link #LONGEST}), so that fuzzing reaches past it quickly.
 * Input: one byte of settings (bit 0: -0; bit 1: repeated without end; the rest: the largest read, if not),
 * then the list. mvn verify replays PathListReaderFuzzTestInputs/records; JAZZER_FUZZ=1 fuzzes.
 */
class PathListReaderFuzzTest {
    /** Records taken from a list without end before the target stops reading it. */
    private static final int RECORDS_OF_ENDLESS = 64;
    /** The longest name taken in this test: PathListReader.LONGEST made small. */
    private static final int LONGEST = 512;
    /** Where a record is no name at all and the list is refused: 64 longest names. */
    private static final long NOT_A_LIST = 64L * LONGEST;
    /** What one call may read: a record of no name, or 1 MiB of blank records, and a buffer or two. */
    private static final long BOUND_OF_ONE_CALL = 2 * Math.max(NOT_A_LIST, 1 << 20) + 65536;

    @FuzzTest(maxDuration = "10m")
    void records(byte[] input) throws Exception {
        if (input.length == 0) {
            return;
        }
        boolean nul = (input[0] & 1) != 0;
        byte[] list = Arrays.copyOfRange(input, 1, input.length);
        boolean endless = (input[0] & 2) != 0 && list.length > 0;  // nothing repeated is still nothing
        // 1 to 6184 bytes: reads shorter and longer than the reader's buffer; a list without end in large
        // reads, so that its megabyte before a refusal stays quick to fuzz.
        int piece = endless ? 1 << 16 : 1 + ((input[0] & 0xff) >> 2) * 97;
        Pieces in = new Pieces(list, piece, endless);
        PathListReader reader = new PathListReader(new byte[] {'-'}, in, nul, null, LONGEST);
        if (endless) {
            readEndless(reader, in, list, nul ? (byte) 0 : (byte) '\n');
        } else {
            List<List<Byte>> expected = expected(list, nul ? (byte) 0 : (byte) '\n');
            if (expected.stream().anyMatch(r -> r.size() > NOT_A_LIST)) {
                assertThrows(SysException.class, () -> read(reader), "a record of no name at all refuses the list");
                return;
            }
            assertEquals(expected, read(reader));
            assertNull(reader.next(), "the end stays the end");
        }
    }

    /** The records read, each refused one as {@link #refused} of its length. */
    private static List<List<Byte>> read(PathListReader reader) throws SysException {
        List<List<Byte>> records = new ArrayList<>();
        while (true) {
            try {
                byte[] r = reader.next();
                if (r == null) {
                    return records;
                }
                records.add(boxed(r));
            } catch (PathListReader.Overlong e) {
                assertEquals(records.size() + 1, e.record(), "its number in the list");
                records.add(refused(e.length()));
            }
        }
    }

    /** What stands for a record longer than the longest name: its length, as a record no name can be. */
    private static List<Byte> refused(long length) {
        return List.of((byte) 'T', (byte) 'o', (byte) 'o', (byte) ' ', (byte) 'l', (byte) 'o', (byte) 'n', (byte) 'g',
                (byte) length, (byte) (length >> 8), (byte) (length >> 16), (byte) (length >> 24), (byte) (length >> 32));
    }

    /** Each record is one of the list's, and found within a bounded read; or the list is refused. */
    private static void readEndless(PathListReader reader, Pieces in, byte[] list, byte separator) {
        List<List<Byte>> names = expected(list, separator);
        long before = in.delivered;
        try {
            for (int i = 0; i < RECORDS_OF_ENDLESS; i++) {
                before = in.delivered;
                List<Byte> r;
                try {
                    byte[] name = reader.next();
                    assertTrue(name != null, "a list without end has no end");
                    assertTrue(name.length <= LONGEST);
                    r = boxed(name);
                } catch (PathListReader.Overlong e) {
                    assertTrue(e.length() > LONGEST && e.length() <= NOT_A_LIST, "refused for its length: " + e.length());
                    r = refused(e.length());
                }
                // A name crossing the list's repetition is two names joined: only check those inside.
                if (names.size() > 1 && i > 0 && i < names.size() - 1) {
                    assertTrue(names.contains(r), "a record of the list");
                }
                assertTrue(in.delivered - before <= BOUND_OF_ONE_CALL + 2L * list.length,
                        "read on without bound for one record");
            }
        } catch (SysException e) {
            assertTrue(in.delivered - before <= BOUND_OF_ONE_CALL + 2L * list.length,
                    "refused only after reading without bound");
        }
    }

    /** The list's records as a reference splits them: at each separator, empty ones dropped. */
    private static List<List<Byte>> expected(byte[] list, byte separator) {
        List<List<Byte>> records = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= list.length; i++) {
            if (i == list.length || list[i] == separator) {
                if (i - start > LONGEST) {
                    records.add(refused(i - start));
                } else if (i > start) {
                    records.add(boxed(Arrays.copyOfRange(list, start, i)));
                }
                start = i + 1;
            }
        }
        return records;
    }

    private static List<Byte> boxed(byte[] bytes) {
        List<Byte> list = new ArrayList<>(bytes.length);
        for (byte b : bytes) {
            list.add(b);
        }
        return list;
    }

    /** The list in reads of at most {@code piece} bytes; {@code endless}: repeated for ever. */
    private static final class Pieces extends InputStream {
        private final byte[] list;
        private final int piece;
        private final boolean endless;
        private int pos;
        long delivered;

        Pieces(byte[] list, int piece, boolean endless) {
            this.list = list;
            this.piece = piece;
            this.endless = endless;
        }

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (pos == list.length && !endless) {
                return -1;
            }
            int want = Math.min(len, piece);
            int n = 0;
            do {  // without end, a whole piece of repetitions at once: a list of one byte is not a read a byte
                if (pos == list.length) {
                    pos = 0;
                }
                int part = Math.min(want - n, list.length - pos);
                System.arraycopy(list, pos, b, off + n, part);
                pos += part;
                n += part;
            } while (endless && n < want);
            delivered += n;
            return n;
        }
    }
}
