package dirdump.cache;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

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
    /** Standard output, for a snapshot written there (--save -): its errors are kept, not thrown. */
    private final PrintStream console;
    /** Set by the first file's residency; 0 until the header is written. */
    private int pageSize;
    private byte[] root;
    private long files;
    private boolean committed;

    private SnapshotWriter(Path target, Path temporary, FileChannel channel, OutputStream stream,
                           PrintStream console) {
        this.target = target;
        this.temporary = temporary;
        this.channel = channel;
        this.console = console;
        this.out = new DataOutputStream(new BufferedOutputStream(stream, 1 << 16));
    }

    private static final FileAttribute<Set<PosixFilePermission>> OWNER_ONLY =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));

    /** A snapshot to become {@code file} once committed, written beside it first (same directory, so that rename is atomic). */
    public static SnapshotWriter toFile(Path file) throws IOException {
        // The new file is renamed over FILE: over a device or a FIFO (--save /dev/full, as root) that
        // would replace the node itself. Those are written through standard output.
        try {
            BasicFileAttributes existing = Files.readAttributes(file, BasicFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS);
            if (!existing.isRegularFile() && !existing.isSymbolicLink()) {
                throw new IOException(existing.isDirectory() ? "Is a directory"
                        : "not a regular file, which would be replaced (to write into it: --save - > FILE)");
            }
        } catch (NoSuchFileException e) {
            // a new file
        }
        Path dir = file.toAbsolutePath().getParent();
        // Made and opened in one call (O_CREAT|O_EXCL, which follows no link): opened again by name, a
        // temporary file in a directory others can write to could be swapped for a link first.
        for (int attempt = 0; ; attempt++) {
            Path temporary = dir.resolve("." + file.getFileName() + "."
                    + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + ".tmp");
            try {
                // Mode 600, as a temporary file's: a snapshot names files that others may not see.
                FileChannel channel = FileChannel.open(temporary,
                        Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), OWNER_ONLY);
                return new SnapshotWriter(file, temporary, channel, Channels.newOutputStream(channel), null);
            } catch (FileAlreadyExistsException e) {
                if (attempt == 100) {
                    throw e;
                }
            }
        }
    }

    /** A snapshot onto standard output, which is flushed, not closed. */
    public static SnapshotWriter toStream(PrintStream stdout) {
        return new SnapshotWriter(null, null, null, stdout, stdout);
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
