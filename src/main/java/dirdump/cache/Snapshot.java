package dirdump.cache;

import dirdump.outcome.Units;
import java.math.BigInteger;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
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
 *   'F' u32 n, n bytes      a file's name below the last root
 *       u64 size, s64 mtime (ns since 1970), u32 k, k times (u64 first page, u64 pages)
 *   'E' u64 files           the end: how many F records came before; nothing follows
 * </pre>
 * Names are bytes as the file system gave them, so any name survives. The snapshot is read whole
 * from memory, so that every count is checked against the bytes left before anything is allocated
 * by it: what the reader allocates is a small multiple of the input's size. A record whose bytes are
 * all there but cannot be replayed (its name out of its root or beyond {@link SnapshotBounds}, its
 * ranges beyond its size) is refused on its own; only a snapshot whose records cannot be told apart
 * (cut short, an unknown record, a wrong count) is refused whole.
 */
public final class Snapshot {
    public static final int VERSION = 1;
    static final byte[] MAGIC = "dirdump-snapshot\n".getBytes(StandardCharsets.US_ASCII);
    static final int ROOT = 'R';
    static final int FILE = 'F';
    static final int END = 'E';
    /** The first bytes of a name too long to replay kept for its message. */
    private static final int SHOWN = 64;
    private static final int RANGE = 8 + 8;

    /** A file saved: its root and name, what it was (size, mtime) and its resident byte ranges then (see ByteRanges). */
    public record Entry(byte[] root, byte[] name, long size, long mtimeNanos, long[] ranges) {
    }

    /**
     * A file record whose name could lead elsewhere than below its root ({@code ..}, a leading slash),
     * cannot be a name at all (empty, a NUL byte) or is longer than a replay takes, or whose ranges
     * lie beyond its size: not replayed, told and counted. {@code record}: which file record it is,
     * from 1; {@code name}: its name, or its first bytes if too long; {@code why} follows "its name
     * NAME". Its root is not kept: a root of 16 MiB told for each of a million records would be
     * terabytes of messages.
     */
    public record Refused(long record, byte[] name, String why) {
    }

    /** A snapshot that cannot be read: the reason, for one line. */
    public static final class Unreadable extends Exception {
        Unreadable(String why) {
            super(why, null, false, false);
        }
    }

    private final int pageSize;
    private final List<Entry> entries;
    private final List<Refused> refused;

    private Snapshot(int pageSize, List<Entry> entries, List<Refused> refused) {
        this.pageSize = pageSize;
        this.entries = entries;
        this.refused = refused;
    }

    /** The files to replay: those whose names lie below their roots. */
    public List<Entry> entries() {
        return entries;
    }

    public List<Refused> refused() {
        return refused;
    }

    public int pageSize() {
        return pageSize;
    }

    /**
     * The pages it saved as resident, in bytes (a page a 1-byte file): the memory a replay fills. At
     * most Long.MAX_VALUE, whatever a snapshot claims.
     */
    public long residentBytes() {
        long pages = 0;
        for (Entry e : entries) {
            for (int i = 0; i < e.ranges.length; i += 2) {
                long p = ByteRanges.pageCount(e.ranges[i + 1] - e.ranges[i], pageSize);
                pages = pages > Long.MAX_VALUE - p ? Long.MAX_VALUE : pages + p;
            }
        }
        return pages > Long.MAX_VALUE / pageSize ? Long.MAX_VALUE : pages * pageSize;
    }

    /** Reads a whole snapshot; a wrong magic, version, a record cut short or out of bounds says why. */
    public static Snapshot read(byte[] bytes) throws Unreadable {
        return read(bytes, SnapshotBounds.FORMAT);
    }

    /** As above, within {@code bounds}: the format's, but in tests that make them small. */
    static Snapshot read(byte[] bytes, SnapshotBounds bounds) throws Unreadable {
        ByteBuffer in = ByteBuffer.wrap(bytes);  // big-endian
        try {
            int begins = Math.min(bytes.length, MAGIC.length);
            if (bytes.length == 0 || !Arrays.equals(bytes, 0, begins, MAGIC, 0, begins)) {
                throw new Unreadable("not a dirdump snapshot (it begins with no \"dirdump-snapshot\" line)");
            }
            if (begins < MAGIC.length) {
                throw truncated("");
            }
            in.position(MAGIC.length);
            int version = in.getInt();
            if (version != VERSION) {
                throw new Unreadable(String.format(Locale.ROOT, "snapshot format version %d; this dirdump reads "
                        + "version %d", Integer.toUnsignedLong(version), VERSION));
            }
            int pageSize = in.getInt();
            if (pageSize < 512 || Integer.bitCount(pageSize) != 1) {
                throw new Unreadable("corrupt: a page size of " + Integer.toUnsignedLong(pageSize) + " bytes");
            }
            return new Records(in, pageSize, bounds).read();
        } catch (BufferUnderflowException e) {
            throw truncated("");
        }
    }

    private static Unreadable truncated(String detail) {
        return new Unreadable("truncated: it ends before its end record" + detail);
    }

    /** The records after the header, and what was read of them so far. */
    private static final class Records {
        private final ByteBuffer in;
        private final int pageSize;
        private final SnapshotBounds bounds;
        private final List<Entry> entries = new ArrayList<>();
        private final List<Refused> refused = new ArrayList<>();
        private long files;

        Records(ByteBuffer in, int pageSize, SnapshotBounds bounds) {
            this.in = in;
            this.pageSize = pageSize;
            this.bounds = bounds;
        }

        Snapshot read() throws Unreadable {
            Name root = null;
            boolean rootHasNul = false;
            for (int tag; (tag = in.get()) != END; ) {
                if (tag == ROOT) {
                    root = name();
                    rootHasNul = indexOf(root.bytes, 0, 0) >= 0;
                } else if (tag == FILE && root == null) {
                    throw new Unreadable("corrupt: a file record before any root record");
                } else if (tag == FILE) {
                    file(root, rootHasNul);
                } else {
                    throw new Unreadable(String.format(Locale.ROOT, "corrupt: a record of type 0x%02x after %,d files",
                            tag & 0xff, files));
                }
            }
            long count = in.getLong();
            if (count != files) {
                throw new Unreadable(String.format(Locale.ROOT, "corrupt: %,d files, and its end says %,d", files,
                        unsigned(count)));
            }
            if (in.hasRemaining()) {
                throw new Unreadable("corrupt: bytes after its end record");
            }
            return new Snapshot(pageSize, entries, refused);
        }

        private void file(Name root, boolean rootHasNul) throws Unreadable {
            files++;
            Name name = name();
            long size = in.getLong();
            long mtime = in.getLong();
            long k = Integer.toUnsignedLong(in.getInt());
            if (k > in.remaining() / RANGE) {
                throw truncated(String.format(Locale.ROOT, " (file %,d has %,d ranges, and %,d bytes are left)", files,
                        k, in.remaining()));
            }
            long pages = size < 0 ? 0 : ByteRanges.pageCount(size, pageSize);
            String why = size < 0 ? String.format(Locale.ROOT, "comes with a size of %,d bytes, which no file has",
                    unsigned(size))
                    : k > (pages + 1) / 2 ? String.format(Locale.ROOT, "comes with %,d ranges in a file of %,d bytes, "
                    + "more than it can have", k, size) : null;
            long[] ranges = new long[why == null ? (int) (2 * k) : 0];
            long end = 0;
            for (long i = 0; i < k; i++) {
                long first = in.getLong();
                long count = in.getLong();
                if (why != null) {
                    continue;  // passed over: the record is refused
                }
                if (first < end || count <= 0 || count > pages - first) {
                    why = String.format(Locale.ROOT, "comes with %,d pages from page %,d, out of order or beyond the "
                            + "file's %,d pages", unsigned(count), unsigned(first), pages);
                    continue;
                }
                end = first + count;
                ranges[(int) (2 * i)] = first * pageSize;  // first < pages: below size
                ranges[(int) (2 * i + 1)] = end == pages ? size : end * pageSize;
            }
            byte[] shown = name.bytes;
            if (why == null && (why = beyondBounds(root, name)) != null) {
                shown = Arrays.copyOf(name.bytes, (int) Math.min(SHOWN, name.length));  // not 16 MiB of a message
            }
            if (why == null) {
                why = refusal(rootHasNul, name.bytes);
            }
            if (why == null) {
                entries.add(new Entry(root.bytes, name.bytes, size, mtime, ranges));
            } else {
                refused.add(new Refused(files, shown, why));
            }
        }

        /** Why a name and its root are more than a replay takes, or null. */
        private String beyondBounds(Name root, Name name) {
            if (bounds.fits(root.length, name.length)) {
                return null;
            }
            return String.format(Locale.ROOT, "%sof %s below a root of %s is longer than the %s a name may have",
                    name.length > SHOWN ? "(its first bytes) " : "", Units.count(name.length, "byte", "bytes"),
                    Units.count(root.length, "byte", "bytes"), bounds.longestNameText());
        }

        /** A name's bytes, only the first of one longer than any a replay takes, which is passed over. */
        private Name name() throws Unreadable {
            long n = Integer.toUnsignedLong(in.getInt());
            if (n > in.remaining()) {
                throw truncated(String.format(Locale.ROOT, " (a name of %,d bytes, and %,d bytes are left)", n,
                        in.remaining()));
            }
            byte[] name = new byte[(int) (n > bounds.longestName() ? Math.min(SHOWN, n) : n)];
            in.get(name);
            in.position(in.position() + (int) (n - name.length));
            return new Name(name, n);
        }
    }

    /** A name as read: its bytes (the first only, if longer than a replay takes) and its length. */
    private record Name(byte[] bytes, long length) {
    }

    /**
     * Why a name cannot be replayed below its root, or null. The saver writes names as the walk found
     * them below the root: never empty, never with a NUL, a leading slash or a ".." step. Any other
     * snapshot could name /etc/passwd below a tree that way. {@code rootHasNul}: found once per root.
     */
    static String refusal(boolean rootHasNul, byte[] name) {
        if (rootHasNul) {
            return "is below a root with a NUL byte, which no path has";
        }
        if (indexOf(name, 0, 0) >= 0) {
            return "has a NUL byte, which no file name has";
        }
        if (name.length == 0) {
            return "is empty";
        }
        if (name[0] == '/') {
            return "starts with a slash: it is to lie below its root";
        }
        for (int from = 0; from <= name.length; ) {
            int slash = indexOf(name, '/', from);
            int to = slash < 0 ? name.length : slash;
            if (to - from == 2 && name[from] == '.' && name[from + 1] == '.') {
                return "has a \"..\" step, which could lead out of its root";
            }
            from = to + 1;
        }
        return null;
    }

    private static int indexOf(byte[] b, int value, int from) {
        for (int i = from; i < b.length; i++) {
            if (b[i] == value) {
                return i;
            }
        }
        return -1;
    }

    private static BigInteger unsigned(long n) {
        return new BigInteger(Long.toUnsignedString(n));
    }
}
