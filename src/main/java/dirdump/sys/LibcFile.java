package dirdump.sys;

import java.nio.charset.StandardCharsets;
import jnr.ffi.Pointer;

/**
 * A file open by libc for reading: read, pread and preadv2, lseek's data and holes, posix_fadvise. What
 * is cached of it and its mapping ({@link LibcResidency}) and where it lies ({@link LibcExtents}) are
 * jobs of their own.
 */
final class LibcFile implements OpenFile {
    private static final int EINTR = 4;
    private static final int ENXIO = 6;
    private static final int EAGAIN = 11;
    private static final int RWF_NOWAIT = 8;
    private static final int SEEK_DATA = 3;
    private static final int SEEK_HOLE = 4;
    private static final int POSIX_FADV_RANDOM = 1;
    private static final int POSIX_FADV_WILLNEED = 3;
    private static final int POSIX_FADV_DONTNEED = 4;
    /** SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE | SYNC_FILE_RANGE_WAIT_AFTER: written out and waited for. */
    private static final int SYNC_FILE_RANGE_ALL = 1 | 2 | 4;

    /** Where a descriptor's file is opened again: a magic link to the file itself, not to a name. */
    private static final String PROC_FD = "/proc/self/fd/";

    private final LibcOs os;
    private final Libc libc;
    private final int fd;
    /** An O_PATH descriptor: fstat only, until {@link #readable} opens the file for reading. */
    private final boolean pathOnly;

    LibcFile(LibcOs os, int fd) {
        this(os, fd, false);
    }

    private LibcFile(LibcOs os, int fd, boolean pathOnly) {
        this.os = os;
        this.libc = os.libc;
        this.fd = fd;
        this.pathOnly = pathOnly;
    }

    /** A file opened with O_PATH: nothing of it is opened (no driver's open, no FIFO's), it can only be fstat'ed. */
    static LibcFile pathOnly(LibcOs os, int fd) {
        return new LibcFile(os, fd, true);
    }

    /**
     * An O_PATH file opened again for reading through /proc/self/fd/N, which reaches the very file the
     * descriptor holds whatever its name leads to now (openat has no AT_EMPTY_PATH, nor openat2), with
     * O_NONBLOCK|O_NOCTTY|O_NOATIME; this descriptor is closed then. Without /proc, not opened at all.
     */
    @Override
    public OpenFile readable() throws SysException {
        if (!pathOnly) {
            return this;
        }
        byte[] proc = LibcOs.cString((PROC_FD + fd).getBytes(StandardCharsets.US_ASCII));
        int flags = OpenFlag.O_RDONLY | OpenFlag.O_NONBLOCK | OpenFlag.O_NOCTTY | OpenFlag.O_CLOEXEC;
        int again = libc.openat(LibcOs.AT_FDCWD, proc, flags | OpenFlag.O_NOATIME, 0);
        if (again < 0 && os.lastError() == SysException.EPERM) {  // O_NOATIME: the owner's (or CAP_FOWNER's) only
            again = libc.openat(LibcOs.AT_FDCWD, proc, flags, 0);
        }
        if (again < 0 && os.lastError() == SysException.ENOENT) {
            throw new SysException(SysException.ENOENT, "a followed link's target is opened for reading only "
                    + "through /proc/self/fd, and /proc is not mounted; not opened");
        }
        os.check(again);
        close();
        return new LibcFile(os, again);
    }

    /**
     * Page-aligned: the kernel's copy into a buffer that does not start on a page boundary is much
     * slower (docs/performance.md, "Facts behind the code").
     */
    static ReadBuffer allocate(LibcOs os, int capacity) {
        int pageSize = os.pageSize;
        Pointer memory = NativeMemory.allocate(os.runtime, (long) capacity + pageSize, false);
        long pad = (pageSize - memory.address() % pageSize) % pageSize;
        return new NativeBuffer(memory, memory.slice(pad, capacity), capacity);
    }

    /**
     * {@code pointer}: the page-aligned slice of {@code memory}, the allocation, which is kept so that it
     * is not freed while the slice is in use.
     */
    private record NativeBuffer(Pointer memory, Pointer pointer, int capacity) implements ReadBuffer {
    }

    @Override
    public Stat stat() throws SysException {
        return os.fstat(fd);
    }

    @Override
    public void stat(StatBuffer into) throws SysException {
        os.statx(fd, LibcOs.EMPTY_C_NAME, LibcOs.AT_EMPTY_PATH, into);
    }

    @Override
    public int read(ReadBuffer buffer) throws SysException {
        NativeBuffer nb = (NativeBuffer) buffer;
        long n;
        do {
            n = libc.read(fd, nb.pointer, nb.capacity);
        } while (os.interrupted(n));
        return (int) n;
    }

    @Override
    public int read(ReadBuffer buffer, long offset, int length) throws SysException {
        NativeBuffer nb = (NativeBuffer) buffer;
        long n;
        do {
            n = libc.pread(fd, nb.pointer, Math.min(length, nb.capacity), offset);
        } while (os.interrupted(n));
        return (int) n;
    }

    @Override
    public int readCached(ReadBuffer buffer, long offset, int length) throws SysException {
        NativeBuffer nb = (NativeBuffer) buffer;
        Pointer iov = os.scratch.get();  // struct iovec {base, len}: two native words
        iov.putAddress(0, nb.pointer.address());
        iov.putAddress(os.runtime.addressSize(), Math.min(length, nb.capacity));
        while (true) {
            long n = libc.preadv2(fd, iov, 1, offset, RWF_NOWAIT);
            if (n >= 0) {
                return (int) n;
            }
            int errno = os.lastError();
            if (errno == EAGAIN) {
                return -1;
            }
            if (errno != EINTR) {
                throw new SysException(errno, os.strerror(errno));
            }
        }
    }

    @Override
    public long nextData(long offset) throws SysException {
        return seek(offset, SEEK_DATA);
    }

    @Override
    public long nextHole(long offset) throws SysException {
        return seek(offset, SEEK_HOLE);
    }

    /** ENXIO: no data (or no hole) at or after the offset, as past the end of the file. */
    private long seek(long offset, int whence) throws SysException {
        long at = libc.lseek(fd, offset, whence);
        if (at < 0 && os.lastError() == ENXIO) {
            return -1;
        }
        os.check(at);
        return at;
    }

    @Override
    public void willNeed(long offset, long length) throws SysException {
        fadvise(offset, length, POSIX_FADV_WILLNEED);
    }

    @Override
    public void noReadAhead() throws SysException {
        fadvise(0, 0, POSIX_FADV_RANDOM);
    }

    @Override
    public void dontNeed() throws SysException {
        fadvise(0, 0, POSIX_FADV_DONTNEED);
    }

    @Override
    public void writeBack() throws SysException {
        os.check(os.writes.get().sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_ALL));
    }

    private void fadvise(long offset, long length, int advice) throws SysException {
        int errno = libc.posix_fadvise(fd, offset, length, advice);
        if (errno != 0) {
            throw new SysException(errno, os.strerror(errno));
        }
    }

    @Override
    public Residency cachestat(long offset, long length) throws SysException {
        return os.residency.cachestat(fd, offset, length);
    }

    @Override
    public Residency mincore(long offset, long length) throws SysException {
        return os.residency.mincore(fd, offset, length);
    }

    @Override
    public int pageSize() {
        return os.pageSize;
    }

    @Override
    public FileMapping map(long offset, long length) throws SysException {
        return os.residency.map(fd, offset, length);
    }

    @Override
    public boolean mincoreIsTruthful() {
        return os.residency.mincoreIsTruthful(fd, this::uid);
    }

    private int uid() {
        try {
            return stat().uid;
        } catch (SysException e) {
            return -1;
        }
    }

    @Override
    public Extent firstExtent(boolean sync) throws SysException {
        return os.extents.firstExtent(fd, sync);
    }

    @Override
    public long fibmapFirstByte() throws SysException {
        return os.extents.fibmapFirstByte(fd);
    }

    @Override
    public int blockSize() throws SysException {
        return os.extents.blockSize(fd);
    }

    @Override
    public void close() {
        libc.close(fd);
    }
}
