package dirdump.cache;

import dirdump.sys.Directory;
import dirdump.sys.GivenName;
import dirdump.sys.Os;
import dirdump.sys.SysException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * The snapshot of --replay, read whole and at most {@link SnapshotBounds#largest} bytes of it: from a FILE
 * opened relative to its directory's handle as a regular file only (see {@link Os#openRegular}), so
 * that a FIFO or a device planted under its name is refused without being read, or from standard input.
 */
public final class SnapshotInput {
    private SnapshotInput() {
    }

    public static Snapshot read(Os os, byte[] file) throws IOException, Snapshot.Unreadable {
        GivenName given = GivenName.of(file);
        if (given.name().length == 0) {
            throw SysException.invalid("Is a directory");
        }
        try (Directory dir = os.openPath(given.directory(), false);
             InputStream in = os.openRegular(dir, given.name())) {
            return read(in);
        }
    }

    /**
     * Grows with what it reads, so that a short input allocates little whatever it claims; one that
     * does not begin as a snapshot is refused after its first bytes (a pipe from /dev/zero).
     */
    public static Snapshot read(InputStream in) throws IOException, Snapshot.Unreadable {
        byte[] start = in.readNBytes(Snapshot.MAGIC.length);
        if (!Arrays.equals(start, Snapshot.MAGIC)) {
            return Snapshot.read(start);  // refused, as not a snapshot or cut short
        }
        SnapshotBounds bounds = SnapshotBounds.FORMAT;
        byte[] rest = in.readNBytes(bounds.largest() + 1 - start.length);
        byte[] bytes = Arrays.copyOf(start, start.length + rest.length);
        System.arraycopy(rest, 0, bytes, start.length, rest.length);
        if (bytes.length > bounds.largest()) {
            throw new Snapshot.Unreadable("larger than " + bounds.largestText() + ": not a snapshot this dirdump reads");
        }
        return Snapshot.read(bytes);
    }
}
