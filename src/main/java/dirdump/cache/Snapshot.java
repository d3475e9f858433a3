package dirdump.cache;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Which pages of which files were in the page cache: what {@code status --save} writes and
 * {@code --replay} reads. The format (docs/snapshot-format.md), every integer big-endian:
 * <pre>
 *   "dirdump-snapshot\n"  u32 version (1)  u32 page size
 *   'R' u32 n, n bytes      a root: a PATH as the walk named it; the names after it are below it
 *   'F' u32 n, n bytes      a file's name below the last root ("" for the root itself)
 *       u64 size, s64 mtime (ns since 1970), u32 k, k times (u64 first page, u64 pages)
 *   'E' u64 files           the end: how many F records came before; nothing follows
 * </pre>
 * Names are bytes as the file system gave them, so any name survives.
 */
public final class Snapshot {
    public static final int VERSION = 1;
    static final byte[] MAGIC = "dirdump-snapshot\n".getBytes(StandardCharsets.US_ASCII);
    static final int ROOT = 'R';
    static final int FILE = 'F';
    static final int END = 'E';
    /** The longest name taken: a path of PATH_MAX components, as --files-from takes. */
    private static final int LONGEST = 1 << 20;

    /** A file saved: its root and name, what it was (size, mtime) and its resident byte ranges then (see ByteRanges). */
    public record Entry(byte[] root, byte[] name, long size, long mtimeNanos, long[] ranges) {
    }

    /** A snapshot that cannot be read: the reason, for one line. */
    public static final class Unreadable extends Exception {
        Unreadable(String why) {
            super(why, null, false, false);
        }
    }

    private final int pageSize;
    private final List<Entry> entries;

    private Snapshot(int pageSize, List<Entry> entries) {
        this.pageSize = pageSize;
        this.entries = entries;
    }

    public List<Entry> entries() {
        return entries;
    }

    public int pageSize() {
        return pageSize;
    }

    /** The pages it saved as resident, in bytes (a page a 1-byte file): the memory a replay fills. */
    public long residentBytes() {
        long pages = 0;
        for (Entry e : entries) {
            for (int i = 0; i < e.ranges.length; i += 2) {
                pages += (e.ranges[i + 1] - e.ranges[i] + pageSize - 1) / pageSize;
            }
        }
        return pages * pageSize;
    }

    /** Reads a whole snapshot; a wrong magic, version, a record cut short or out of bounds says why. */
    public static Snapshot read(InputStream stream) throws IOException, Unreadable {
        DataInputStream in = new DataInputStream(stream);
        try {
            byte[] magic = new byte[MAGIC.length];
            in.readFully(magic);
            if (!Arrays.equals(magic, MAGIC)) {
                throw new Unreadable("not a dirdump snapshot (it begins with no \"dirdump-snapshot\" line)");
            }
            int version = in.readInt();
            if (version != VERSION) {
                throw new Unreadable(String.format(Locale.ROOT, "snapshot format version %d; this dirdump reads "
                        + "version %d", Integer.toUnsignedLong(version), VERSION));
            }
            int pageSize = in.readInt();
            if (pageSize < 512 || Integer.bitCount(pageSize) != 1) {
                throw new Unreadable("corrupt: a page size of " + Integer.toUnsignedLong(pageSize) + " bytes");
            }
            return new Snapshot(pageSize, records(in, pageSize));
        } catch (EOFException e) {
            throw new Unreadable("truncated: it ends before its end record");
        }
    }

    private static List<Entry> records(DataInputStream in, int pageSize) throws IOException, Unreadable {
        List<Entry> entries = new ArrayList<>();
        byte[] root = null;
        for (int tag; (tag = in.read()) != END; ) {
            if (tag == ROOT) {
                root = name(in);
            } else if (tag == FILE && root != null) {
                entries.add(entry(in, root, pageSize));
            } else if (tag < 0) {
                throw new EOFException();
            } else {
                throw new Unreadable(String.format(Locale.ROOT, "corrupt: a record of type 0x%02x after %,d files",
                        tag, entries.size()));
            }
        }
        long count = in.readLong();
        if (count != entries.size()) {
            throw new Unreadable(String.format(Locale.ROOT, "corrupt: %,d files, and its end says %,d",
                    entries.size(), count));
        }
        if (in.read() >= 0) {
            throw new Unreadable("corrupt: bytes after its end record");
        }
        return entries;
    }

    private static Entry entry(DataInputStream in, byte[] root, int pageSize) throws IOException, Unreadable {
        byte[] name = name(in);
        long size = in.readLong();
        long mtime = in.readLong();
        long k = Integer.toUnsignedLong(in.readInt());
        long pages = size < 0 ? -1 : (size + pageSize - 1) / pageSize;
        if (pages < 0 || k > (pages + 1) / 2) {
            throw new Unreadable(String.format(Locale.ROOT, "corrupt: %,d ranges in a file of %,d bytes", k, size));
        }
        long[] ranges = new long[(int) (2 * k)];
        long end = 0;
        for (int i = 0; i < ranges.length; i += 2) {
            long first = in.readLong();
            long count = in.readLong();
            if (first < end || count <= 0 || count > pages - first) {
                throw new Unreadable(String.format(Locale.ROOT, "corrupt: pages %,d to %,d of a file of %,d pages",
                        first, first + count, pages));
            }
            ranges[i] = first * pageSize;
            ranges[i + 1] = Math.min(size, (first + count) * pageSize);
            end = first + count;
        }
        return new Entry(root, name, size, mtime, ranges);
    }

    private static byte[] name(DataInputStream in) throws IOException, Unreadable {
        int n = in.readInt();
        if (n < 0 || n > LONGEST) {
            throw new Unreadable("corrupt: a name of " + Integer.toUnsignedLong(n) + " bytes");
        }
        byte[] name = new byte[n];
        in.readFully(name);
        return name;
    }
}
