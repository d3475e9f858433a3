package dirdump.scan;

import dirdump.outcome.Units;
import dirdump.sys.Os;
import dirdump.sys.SysException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * The names of a --files-from list, read as bytes, one record at a time, so that any name works (it
 * need not be UTF-8) and a list of millions of names is never held whole. Records end with a newline,
 * or with a NUL byte (-0); empty records are passed over. "-" is standard input, which is not closed.
 * A record longer than {@link #LONGEST} is passed over to its end and refused on its own
 * ({@link Overlong}); one that goes on past {@link #NOT_A_LIST} ends the list with an error.
 * The list's own name is bytes too, as the command line gave it, and is opened by {@link Os#openInput}.
 */
public final class PathListReader implements AutoCloseable {
    private static final int BUFFER = 1 << 16;
    /**
     * The longest name taken, here and in a snapshot (which --replay reads through this class): 16 MiB,
     * 65,793 directories of 255-byte names deep, where a walk takes tens of minutes to reach (its time
     * grows with the square of the depth). Any name the walk gives is below it.
     */
    public static final int LONGEST = 1 << 24;
    /** Records this much longer than the longest name are no names at all (/dev/zero): the list is refused. */
    private static final int NOT_A_LIST_FACTOR = 64;
    /** Blank records passed over in a row before the list is taken for no list of names (-0 of /dev/zero). */
    private static final int BLANKS = 1 << 20;

    /** A record longer than the longest name: passed over, the list goes on. */
    public static final class Overlong extends Exception {
        private final long record;
        private final long length;
        private final byte[] start;

        Overlong(long record, long length, byte[] start) {
            super(null, null, false, false);
            this.record = record;
            this.length = length;
            this.start = start;
        }

        /** Which record of the list it is, from 1 (empty ones not counted). */
        public long record() {
            return record;
        }

        /** Its length in bytes. */
        public long length() {
            return length;
        }

        /** Its first bytes, for a message. */
        public byte[] start() {
            return start.clone();
        }
    }

    private final byte[] name;
    private final InputStream stdin;
    private final Os os;
    private final byte separator;
    private final int longest;
    private final byte[] buffer = new byte[BUFFER];
    private int pos;
    private int end;
    private InputStream in;
    private boolean eof;
    private byte[] record = new byte[256];
    private long records;

    public PathListReader(byte[] name, InputStream stdin, boolean nul, Os os) {
        this(name, stdin, nul, os, LONGEST);
    }

    /** {@code longest}: the bound of a name, {@link #LONGEST} but in tests that make it small. */
    PathListReader(byte[] name, InputStream stdin, boolean nul, Os os, int longest) {
        this.name = name;
        this.stdin = stdin;
        this.os = os;
        this.separator = nul ? (byte) 0 : (byte) '\n';
        this.longest = longest;
    }

    /**
     * The names in {@code records}, NUL-separated, made by dirdump itself (a --replay snapshot's):
     * {@code name} names them in messages.
     */
    public PathListReader(byte[] name, InputStream records) {
        this(name, null, true, null);
        this.in = records;
    }

    /** The list as given: a file name, or "-". */
    public byte[] name() {
        return name;
    }

    /**
     * The next name, or null at the end of the list. Opens the list on the first call. A record longer
     * than the longest name is passed over and thrown as {@link Overlong}: the next call reads on.
     */
    public byte[] next() throws SysException, Overlong {
        int length = 0;  // bytes of the record kept: its first, up to the longest name
        long seen = 0;  // bytes of the record so far
        long passed = 0;  // separators passed over since the last name
        while (true) {
            if (pos == end && !fill()) {
                return seen > 0 ? record(length, seen) : null;  // a last record without its separator
            }
            int stop = pos;
            while (stop < end && buffer[stop] != separator) {
                stop++;
            }
            int n = stop - pos;
            seen += n;
            if (seen > (long) NOT_A_LIST_FACTOR * longest) {
                throw SysException.nameTooLong("a name longer than " + Units.exact((long) NOT_A_LIST_FACTOR * longest)
                        + ": not a list of names (with -0, names end with a NUL byte)");
            }
            int take = Math.min(n, longest - length);
            if (length + take > record.length) {
                record = Arrays.copyOf(record, Math.min(longest, Math.max(record.length * 2, length + take)));
            }
            System.arraycopy(buffer, pos, record, length, take);
            length += take;
            pos = stop;
            if (stop < end) {
                pos++;  // the separator
                if (seen > 0) {
                    return record(length, seen);
                }
                if (++passed > BLANKS) {
                    throw SysException.invalid("more than " + Units.exact(BLANKS)
                            + " of separators and no name: not a list of names");
                }
            }
        }
    }

    /** The record of {@code seen} bytes whose first {@code length} are kept: a name, or refused as too long. */
    private byte[] record(int length, long seen) throws Overlong {
        records++;
        if (seen > longest) {
            throw new Overlong(records, seen, Arrays.copyOf(record, Math.min(length, 64)));
        }
        return Arrays.copyOf(record, length);
    }

    private boolean fill() throws SysException {
        if (eof) {
            return false;
        }
        try {
            if (in == null) {
                in = Arrays.equals(name, new byte[] {'-'}) ? stdin : os.openInput(name);
            }
            int n = in.read(buffer);
            eof = n < 0;
            pos = 0;
            end = Math.max(n, 0);
            return !eof;
        } catch (IOException e) {
            throw SysException.of(e);
        }
    }

    @Override
    public void close() {
        if (in != null && in != stdin) {
            try {
                in.close();
            } catch (IOException e) {
                // read only: nothing was lost
            }
        }
    }
}
