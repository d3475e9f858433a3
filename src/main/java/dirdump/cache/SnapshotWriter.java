package dirdump.cache;

import dirdump.outcome.Units;
import dirdump.sys.Os;
import dirdump.sys.ReplacedFile;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.Locale;

/**
 * Writes a {@link Snapshot}: into a new file in FILE's directory, renamed over FILE only once complete
 * and synced, so that FILE is the old snapshot or the new one, never half of one ({@link ReplacedFile});
 * or onto a stream (-). Every write is checked: an IOException says why. It writes nothing a replay
 * would refuse: a file whose name is longer than {@link SnapshotBounds} allow, or whose record would
 * take the snapshot past their size, is left out and counted ({@link #leftOut}).
 */
public final class SnapshotWriter implements AutoCloseable {
    /** The page size of a snapshot of no file, whose size then says nothing. */
    private static final int DEFAULT_PAGE = 4096;

    /** The header's bytes: magic, version, page size. */
    private static final int HEADER = 17 + 4 + 4;
    /** The end record's bytes: its tag and the count of files. */
    private static final int END = 1 + 8;
    /** A file record's bytes besides its name and ranges: tag, name length, size, mtime, count of ranges. */
    private static final int FILE_FIELDS = 1 + 4 + 8 + 8 + 4;

    private final ReplacedFile file;
    private final DataOutputStream out;
    private final SnapshotBounds bounds;
    /** Standard output, for a snapshot written there (--save -): its errors are kept, not thrown. */
    private final PrintStream console;
    /** Set by the first file's residency; 0 until the header is written. */
    private int pageSize;
    private byte[] root;
    private long files;
    /** The bytes written so far: the header and the records. */
    private long written;
    private long overlong;
    private long beyondLargest;

    private SnapshotWriter(ReplacedFile file, OutputStream stream, PrintStream console, SnapshotBounds bounds) {
        this.file = file;
        this.console = console;
        this.bounds = bounds;
        this.out = new DataOutputStream(new BufferedOutputStream(stream, 1 << 16));
    }

    /** A snapshot to become FILE ({@code path}, its bytes as given) once committed, as {@link ReplacedFile} makes it. */
    public static SnapshotWriter toFile(Os os, byte[] path) throws IOException {
        ReplacedFile file = ReplacedFile.of(os, path, "to write into it: --save - > FILE");
        return new SnapshotWriter(file, file.output(), null, SnapshotBounds.FORMAT);
    }

    /** A snapshot onto standard output, which is flushed, not closed. */
    public static SnapshotWriter toStream(PrintStream stdout) {
        return toStream(stdout, SnapshotBounds.FORMAT);
    }

    /** As above, within {@code bounds}: the format's, but in tests that make them small. */
    static SnapshotWriter toStream(PrintStream stdout, SnapshotBounds bounds) {
        return new SnapshotWriter(null, stdout, stdout, bounds);
    }

    private void header(int size) throws IOException {
        if (pageSize == 0) {
            pageSize = size;
            out.write(Snapshot.MAGIC);
            out.writeInt(Snapshot.VERSION);
            out.writeInt(pageSize);
        }
    }

    /**
     * One file: its root (the PATH it was found under) and its name below it, its size and mtime, and
     * its resident byte ranges (see ByteRanges), saved in whole pages of {@code filePageSize}. Left out
     * and counted if a replay would refuse it, or the snapshot: false then.
     */
    public boolean file(byte[] fileRoot, byte[] name, long size, long mtimeNanos, long[] resident, int filePageSize)
            throws IOException {
        if (!bounds.fits(fileRoot.length, name.length)) {
            overlong++;
            return false;
        }
        boolean newRoot = root == null || !Arrays.equals(root, fileRoot);
        long bytes = (pageSize == 0 ? HEADER : 0) + (newRoot ? 1 + 4 + fileRoot.length : 0) + FILE_FIELDS + name.length
                + 16L * (resident.length / 2);
        if (written + bytes + END > bounds.largest()) {
            beyondLargest++;
            return false;
        }
        header(filePageSize);
        if (newRoot) {
            root = fileRoot;
            out.write(Snapshot.ROOT);
            bytes(fileRoot);
        }
        out.write(Snapshot.FILE);
        bytes(name);
        out.writeLong(size);
        out.writeLong(mtimeNanos);
        out.writeInt(resident.length / 2);
        for (int i = 0; i < resident.length; i += 2) {
            long first = resident[i] / pageSize;
            out.writeLong(first);
            out.writeLong(ByteRanges.pageCount(resident[i + 1], pageSize) - first);
        }
        files++;
        written += bytes;
        return true;
    }

    /** Ends the snapshot and puts it in place: flushed, synced to disk (it is to outlive a reboot), renamed over FILE. */
    public void commit() throws IOException {
        header(DEFAULT_PAGE);
        out.write(Snapshot.END);
        out.writeLong(files);
        out.flush();
        if (console != null && console.checkError()) {
            throw new IOException("standard output cannot be written");
        }
        if (file != null) {
            file.commit();
        }
    }

    public long files() {
        return files;
    }

    /**
     * Why files were left out, in one line ("3 files not saved: 2 of names longer than the 16 MiB a
     * replay takes, 1 beyond the 1 GiB a snapshot holds"), or null if none was.
     */
    public String leftOut() {
        if (overlong + beyondLargest == 0) {
            return null;
        }
        String names = overlong == 0 ? null : String.format(Locale.ROOT, "%,d of names longer than the %s a replay "
                + "takes", overlong, bounds.longestNameText());
        String size = beyondLargest == 0 ? null : String.format(Locale.ROOT, "%,d beyond the %s a snapshot holds",
                beyondLargest, bounds.largestText());
        return String.format(Locale.ROOT, "%s not saved, which a replay would not read: %s",
                Units.count(overlong + beyondLargest, "file", "files"),
                names == null ? size : size == null ? names : names + ", " + size);
    }

    /** An uncommitted snapshot is removed: FILE keeps what it had. */
    @Override
    public void close() {
        if (file != null) {
            file.close();
        }
    }

    private void bytes(byte[] b) throws IOException {
        out.writeInt(b.length);
        out.write(b);
    }
}
