package dirdump.cache;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * Writes a {@link Snapshot}: into a new file beside FILE, made durable and renamed over FILE only when
 * complete, so that FILE is the old snapshot or the new one, never half of one; or onto a stream (-).
 * Every write is checked: an IOException says why.
 */
public final class SnapshotWriter implements AutoCloseable {
    /** The page size of a snapshot of no file, whose size then says nothing. */
    private static final int DEFAULT_PAGE = 4096;

    private final Path target;
    private final Path temporary;
    private final FileChannel channel;
    private final DataOutputStream out;
    /** Set by the first file's residency; 0 until the header is written. */
    private int pageSize;
    private byte[] root;
    private long files;
    private boolean committed;

    private SnapshotWriter(Path target, Path temporary, FileChannel channel, OutputStream stream) {
        this.target = target;
        this.temporary = temporary;
        this.channel = channel;
        this.out = new DataOutputStream(new BufferedOutputStream(stream, 1 << 16));
    }

    /** A snapshot to become {@code file} once committed, written beside it first (same directory, so that rename is atomic). */
    public static SnapshotWriter toFile(Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Path temporary = Files.createTempFile(dir, "." + file.getFileName() + ".", ".tmp");
        FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE);
        return new SnapshotWriter(file, temporary, channel, Channels.newOutputStream(channel));
    }

    /** A snapshot onto a stream (standard output), which is flushed, not closed. */
    public static SnapshotWriter toStream(OutputStream stream) {
        return new SnapshotWriter(null, null, null, stream);
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
            out.writeLong((resident[i + 1] + pageSize - 1) / pageSize - first);
        }
        files++;
    }

    /** Ends the snapshot and puts it in place: flushed, synced to disk (it is to outlive a reboot), renamed over FILE. */
    public void commit() throws IOException {
        header(DEFAULT_PAGE);
        out.write(Snapshot.END);
        out.writeLong(files);
        out.flush();
        if (channel != null) {
            channel.force(true);
            channel.close();
            try {
                Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                throw new IOException("cannot be replaced atomically there (" + e.getMessage() + ")");
            }
        }
        committed = true;
    }

    public long files() {
        return files;
    }

    /** An uncommitted snapshot is removed: FILE keeps what it had. */
    @Override
    public void close() {
        if (channel != null && !committed) {
            try {
                channel.close();
                Files.deleteIfExists(temporary);
            } catch (IOException e) {
                // the temporary file stays, under a name beginning with a dot; FILE is untouched
            }
        }
    }

    private void bytes(byte[] b) throws IOException {
        out.writeInt(b.length);
        out.write(b);
    }
}
