package dirdump.scan;

import dirdump.sys.Os;
import dirdump.sys.SysException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * The names of a --files-from list, read as bytes, one record at a time, so that any name works (it
 * need not be UTF-8) and a list of millions of names is never held whole. Records end with a newline,
 * or with a NUL byte (-0); empty records are passed over. "-" is standard input, which is not closed.
 * A name longer than {@link #LONGEST} ends the list with an error.
 * The list's own name is bytes too, as the command line gave it, and is opened by {@link Os#openInput}.
 */
public final class PathListReader implements AutoCloseable {
    private static final int BUFFER = 1 << 16;
    /**
     * The longest name taken: a path of PATH_MAX components of up to 255 bytes each. Beyond it the list
     * is not a list of names (a 1 GB line, /dev/zero): refused, before it fills the heap.
     */
    static final int LONGEST = 1 << 20;

    private final byte[] name;
    private final InputStream stdin;
    private final Os os;
    private final byte separator;
    private final byte[] buffer = new byte[BUFFER];
    private int pos;
    private int end;
    private InputStream in;
    private boolean eof;
    private byte[] record = new byte[256];

    public PathListReader(byte[] name, InputStream stdin, boolean nul, Os os) {
        this.name = name;
        this.stdin = stdin;
        this.os = os;
        this.separator = nul ? (byte) 0 : (byte) '\n';
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

    /** The next name, or null at the end of the list. Opens the list on the first call. */
    public byte[] next() throws SysException {
        int length = 0;
        long passed = 0;  // separators passed over since the last name
        while (true) {
            if (pos == end && !fill()) {
                return length > 0 ? Arrays.copyOf(record, length) : null;  // a last record without its separator
            }
            int stop = pos;
            while (stop < end && buffer[stop] != separator) {
                stop++;
            }
            int n = stop - pos;
            if (length + n > LONGEST) {
                throw SysException.nameTooLong("a name longer than " + LONGEST / (1 << 20)
                        + " MiB: not a list of names (with -0, names end with a NUL byte)");
            }
            if (length + n > record.length) {
                record = Arrays.copyOf(record, Math.max(record.length * 2, length + n));
            }
            System.arraycopy(buffer, pos, record, length, n);
            length += n;
            pos = stop;
            if (stop < end) {
                pos++;  // the separator
                if (length > 0) {
                    return Arrays.copyOf(record, length);
                }
                if (++passed > LONGEST) {
                    throw SysException.invalid("more than " + LONGEST / (1 << 20)
                            + " MiB of separators and no name: not a list of names");
                }
            }
        }
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
