package dirdump.cache;

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
 * by it: what the reader allocates is a small multiple of the input's size.
 */
public final class Snapshot {
    public static final int VERSION = 1;
    /** The largest snapshot read: about 16 million files of one range; beyond, not a snapshot this dirdump reads. */
    public static final int LARGEST = 1 << 30;
    static final byte[] MAGIC = "dirdump-snapshot\n".getBytes(StandardCharsets.US_ASCII);
    static final int ROOT = 'R';
    static final int FILE = 'F';
    static final int END = 'E';
    /** The longest name taken: a path of PATH_MAX components, as --files-from takes. */
    private static final int LONGEST = 1 << 20;
    /** The bytes of a file record after its name: size, mtime, the count of ranges. */
    private static final int FILE_FIELDS = 8 + 8 + 4;
    private static final int RANGE = 8 + 8;

    /** A file saved: its root and name, what it was (size, mtime) and its resident byte ranges then (see ByteRanges). */
    public record Entry(byte[] root, byte[] name, long size, long mtimeNanos, long[] ranges) {
    }

    /**
     * A file record whose name could lead elsewhere than below its root ({@code ..}, a leading slash),
     * or cannot be a name at all (empty, a NUL byte): not replayed, told and counted. {@code record}:
     * which file record it is, from 1; {@code why} follows "its name NAME". Its root is not kept: a
     * root of 1 MiB told for each of a million records would be a terabyte of messages.
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
            return new Records(in, pageSize).read();
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
        private final List<Entry> entries = new ArrayList<>();
        private final List<Refused> refused = new ArrayList<>();
        private long files;

        Records(ByteBuffer in, int pageSize) {
            this.in = in;
            this.pageSize = pageSize;
        }

        Snapshot read() throws Unreadable {
            byte[] root = null;
            boolean rootHasNul = false;
            for (int tag; (tag = in.get()) != END; ) {
                if (tag == ROOT) {
                    root = name();
                    rootHasNul = indexOf(root, 0, 0) >= 0;
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

        private void file(byte[] root, boolean rootHasNul) throws Unreadable {
            files++;
            byte[] name = name();
            long size = in.getLong();
            long mtime = in.getLong();
            long k = Integer.toUnsignedLong(in.getInt());
            if (k > in.remaining() / RANGE) {
                throw truncated(String.format(Locale.ROOT, " (file %,d has %,d ranges, and %,d bytes are left)", files,
                        k, in.remaining()));
            }
            if (size < 0) {
                throw new Unreadable(String.format(Locale.ROOT, "corrupt: a file of %,d bytes", unsigned(size)));
            }
            long pages = ByteRanges.pageCount(size, pageSize);
            if (k > (pages + 1) / 2) {
                throw new Unreadable(String.format(Locale.ROOT, "corrupt: %,d ranges in a file of %,d bytes", k, size));
            }
            long[] ranges = new long[(int) (2 * k)];
            long end = 0;
            for (int i = 0; i < ranges.length; i += 2) {
                long first = in.getLong();
                long count = in.getLong();
                if (first < end || count <= 0 || count > pages - first) {
                    throw new Unreadable(String.format(Locale.ROOT, "corrupt: %,d pages from page %,d of a file of "
                            + "%,d pages", unsigned(count), unsigned(first), pages));
                }
                end = first + count;
                ranges[i] = first * pageSize;  // first < pages: below size
                ranges[i + 1] = end == pages ? size : end * pageSize;
            }
            String why = refusal(rootHasNul, name);
            if (why == null) {
                entries.add(new Entry(root, name, size, mtime, ranges));
            } else {
                refused.add(new Refused(files, name, why));
            }
        }

        private byte[] name() throws Unreadable {
            long n = Integer.toUnsignedLong(in.getInt());
            if (n > LONGEST) {
                throw new Unreadable(String.format(Locale.ROOT, "corrupt: a name of %,d bytes", n));
            }
            if (n > in.remaining()) {
                throw truncated(String.format(Locale.ROOT, " (a name of %,d bytes, and %,d bytes are left)", n,
                        in.remaining()));
            }
            byte[] name = new byte[(int) n];
            in.get(name);
            return name;
        }
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
