package dirdump.testing;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * A snapshot written by hand, record by record, to say what no saver would: counts that lie, names
 * that climb out of their root, sizes near 2^63. The layout is the README's "Snapshot format".
 */
public final class SnapshotBytes {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final DataOutputStream out = new DataOutputStream(bytes);

    /** The header: magic, version 1, {@code pageSize}. */
    public static SnapshotBytes header(int pageSize) {
        SnapshotBytes s = new SnapshotBytes();
        s.raw("dirdump-snapshot\n".getBytes(StandardCharsets.US_ASCII)).u32(1).u32(pageSize);
        return s;
    }

    public SnapshotBytes root(String root) {
        return root(root.getBytes(StandardCharsets.UTF_8));
    }

    public SnapshotBytes root(byte[] root) {
        return u8('R').u32(root.length).raw(root);
    }

    /** A file record of {@code pages}: first page, page count, first page, page count... */
    public SnapshotBytes file(byte[] name, long size, long mtime, long... pages) {
        u8('F').u32(name.length).raw(name).u64(size).u64(mtime).u32(pages.length / 2);
        for (long p : pages) {
            u64(p);
        }
        return this;
    }

    public SnapshotBytes file(String name, long size, long... pages) {
        return file(name.getBytes(StandardCharsets.UTF_8), size, 0, pages);
    }

    /** The end record, saying {@code files} file records came before it. */
    public SnapshotBytes end(long files) {
        return u8('E').u64(files);
    }

    public SnapshotBytes u8(int b) {
        return write(() -> out.writeByte(b));
    }

    public SnapshotBytes u32(long v) {
        return write(() -> out.writeInt((int) v));
    }

    public SnapshotBytes u64(long v) {
        return write(() -> out.writeLong(v));
    }

    public SnapshotBytes raw(byte[] b) {
        return write(() -> out.write(b));
    }

    public byte[] bytes() {
        return bytes.toByteArray();
    }

    private interface Write {
        void run() throws IOException;
    }

    private SnapshotBytes write(Write w) {
        try {
            w.run();
        } catch (IOException e) {
            throw new UncheckedIOException(e);  // into memory: never
        }
        return this;
    }
}
