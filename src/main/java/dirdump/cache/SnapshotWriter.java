package dirdump.cache;

import dirdump.sys.Os;
import dirdump.sys.ReplacedFile;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.Arrays;

/**
 * Writes a {@link Snapshot}: into a new file in FILE's directory, renamed over FILE only once complete
 * and synced, so that FILE is the old snapshot or the new one, never half of one ({@link ReplacedFile});
 * or onto a stream (-). Every write is checked: an IOException says why.
 */
public final class SnapshotWriter implements AutoCloseable {
    /** The page size of a snapshot of no file, whose size then says nothing. */
    private static final int DEFAULT_PAGE = 4096;

    private final ReplacedFile file;
    private final DataOutputStream out;
    /** Standard output, for a snapshot written there (--save -): its errors are kept, not thrown. */
    private final PrintStream console;
    /** Set by the first file's residency; 0 until the header is written. */
    private int pageSize;
    private byte[] root;
    private long files;

    private SnapshotWriter(ReplacedFile file, OutputStream stream, PrintStream console) {
        this.file = file;
        this.console = console;
        this.out = new DataOutputStream(new BufferedOutputStream(stream, 1 << 16));
    }

    /** A snapshot to become FILE ({@code path}, its bytes as given) once committed, as {@link ReplacedFile} makes it. */
    public static SnapshotWriter toFile(Os os, byte[] path) throws IOException {
        ReplacedFile file = ReplacedFile.of(os, path, "to write into it: --save - > FILE");
        return new SnapshotWriter(file, file.output(), null);
    }

    /** A snapshot onto standard output, which is flushed, not closed. */
    public static SnapshotWriter toStream(PrintStream stdout) {
        return new SnapshotWriter(null, stdout, stdout);
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
     * its resident byte ranges (see ByteRanges), saved in whole pages of {@code filePageSize}.
     */
    public void file(byte[] fileRoot, byte[] name, long size, long mtimeNanos, long[] resident, int filePageSize)
            throws IOException {
        header(filePageSize);
        if (root == null || !Arrays.equals(root, fileRoot)) {
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
