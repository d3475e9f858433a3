package dirdump.testdata;

import dirdump.sys.PathNames;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import jnr.constants.platform.Errno;
import jnr.constants.platform.OpenFlags;
import jnr.ffi.LibraryLoader;
import jnr.ffi.Runtime;
import jnr.ffi.annotations.In;
import jnr.ffi.annotations.SaveError;

/**
 * Files written through libc, for --fragment: the blocks of each chunk are reserved with fallocate(2)
 * just before the chunk is written, so that the file system allocates them in the round-robin order
 * the chunks come in. Interleaved writes alone are not enough: delayed allocation (ext4, XFS, btrfs)
 * would give each small file one extent at writeback, however its writes were interleaved.
 */
final class FragmentSink implements FileSink {
    /** The calls java.nio does not give a file descriptor for; bound with jnr-ffi. */
    public interface Libc {
        @SaveError
        int open(@In byte[] path, int flags, int mode);

        /** Writes from the direct buffer's position; does not move it. */
        @SaveError
        long write(int fd, @In ByteBuffer buf, long count);

        @SaveError
        int fallocate(int fd, int mode, long offset, long length);

        @SaveError
        int close(int fd);
    }

    private static final int CREATE = OpenFlags.O_WRONLY.intValue() | OpenFlags.O_CREAT.intValue()
            | OpenFlags.O_EXCL.intValue() | OpenFlags.O_CLOEXEC.intValue();
    /** Reserve only: the size grows with the writes, so a failed write leaves no zeros behind. */
    private static final int FALLOC_FL_KEEP_SIZE = 1;

    private final Libc libc;
    private final Runtime runtime;
    private final int[] fds;
    private boolean reserving = true;

    private FragmentSink(Libc libc, int slots) {
        this.libc = libc;
        this.runtime = Runtime.getRuntime(libc);
        this.fds = new int[slots];
        Arrays.fill(fds, -1);
    }

    static FragmentSink load(int slots) throws IOException {
        try {
            return new FragmentSink(LibraryLoader.create(Libc.class).load("c"), slots);
        } catch (LinkageError | RuntimeException e) {
            throw new IOException("--fragment needs libc, which cannot be bound here ("
                    + e.getClass().getSimpleName() + ": " + e.getMessage() + ")", e);
        }
    }

    /** False once the file system has refused fallocate: the chunks are then only interleaved. */
    boolean reserving() {
        return reserving;
    }

    @Override
    public void create(int slot, Path path) throws IOException {
        byte[] name = PathNames.bytes(path.toString());
        int fd = libc.open(Arrays.copyOf(name, name.length + 1), CREATE, 0666);
        if (fd < 0) {
            throw failure();
        }
        fds[slot] = fd;
    }

    @Override
    public void append(int slot, ByteBuffer data, long offset) throws IOException {
        int fd = fds[slot];
        if (reserving && libc.fallocate(fd, FALLOC_FL_KEEP_SIZE, offset, data.remaining()) != 0) {
            if (errno() != Errno.EOPNOTSUPP.intValue()) {
                throw failure();
            }
            reserving = false;
        }
        while (data.hasRemaining()) {
            long n = libc.write(fd, data, data.remaining());
            if (n < 0 && errno() != Errno.EINTR.intValue()) {
                throw failure();
            }
            data.position(data.position() + (int) Math.max(n, 0));
        }
    }

    @Override
    public void close(int slot) throws IOException {
        int fd = fds[slot];
        fds[slot] = -1;
        if (libc.close(fd) != 0) {
            throw failure();
        }
    }

    @Override
    public void close() {
        for (int slot = 0; slot < fds.length; slot++) {
            if (fds[slot] >= 0) {
                libc.close(fds[slot]);
                fds[slot] = -1;
            }
        }
    }

    private int errno() {
        return runtime.getLastError();
    }

    /** What went wrong, in strerror's words; the caller adds the path. */
    private IOException failure() {
        int code = errno();
        Errno errno = Errno.valueOf(code);
        return new IOException(errno.defined() ? errno.description() : "errno " + code);
    }
}
