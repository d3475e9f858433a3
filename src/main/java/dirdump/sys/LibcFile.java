package dirdump.sys;

import static dirdump.sys.Errno.EAGAIN;
import static dirdump.sys.Errno.ENOENT;
import static dirdump.sys.Errno.ENXIO;
import static dirdump.sys.Errno.EPERM;

import jnr.ffi.Pointer;

/**
 * A file open by libc for reading: read, pread and preadv2, lseek's data and holes, posix_fadvise. What
 * is cached of it and its mapping ({@link LibcResidency}) and where it lies ({@link LibcExtents}) are
 * jobs of their own.
 */
final class LibcFile implements OpenFile {
    private static final int RWF_NOWAIT = 8;
    private static final int SEEK_DATA = 3;
    private static final int SEEK_HOLE = 4;
    private static final int POSIX_FADV_RANDOM = 1;
    private static final int POSIX_FADV_WILLNEED = 3;
    private static final int POSIX_FADV_DONTNEED = 4;
    /** SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE | SYNC_FILE_RANGE_WAIT_AFTER: written out and waited for. */
    private static final int SYNC_FILE_RANGE_ALL = 1 | 2 | 4;

    // What every file shares is held by reference: 32 bytes a file opened, as before (GarbagePerFileTest).
    private final LibcCalls calls;
    private final LibcResidency residency;
    private final LibcExtents extents;
    private final int fd;
    /** An O_PATH descriptor: fstat only, until {@link #readable} opens the file for reading. */
    private final boolean pathOnly;

    LibcFile(LibcCalls calls, LibcResidency residency, LibcExtents extents, int fd) {
        this(calls, residency, extents, fd, false);
    }

    private LibcFile(LibcCalls calls, LibcResidency residency, LibcExtents extents, int fd, boolean pathOnly) {
        this.calls = calls;
        this.residency = residency;
        this.extents = extents;
        this.fd = fd;
        this.pathOnly = pathOnly;
    }

    /** A file opened with O_PATH: nothing of it is opened (no driver's open, no FIFO's), it can only be fstat'ed. */
    static LibcFile pathOnly(LibcCalls calls, LibcResidency residency, LibcExtents extents, int fd) {
        return new LibcFile(calls, residency, extents, fd, true);
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
        Libc libc = calls.libc();
        byte[] proc = LibcCalls.procSelfFd(fd);
        int flags = OpenFlag.O_RDONLY | OpenFlag.O_NONBLOCK | OpenFlag.O_NOCTTY | OpenFlag.O_CLOEXEC;
        int again = libc.openat(LibcCalls.AT_FDCWD, proc, flags | OpenFlag.O_NOATIME, 0);
        if (again < 0 && calls.lastError() == EPERM) {  // O_NOATIME: the owner's (or CAP_FOWNER's) only
            again = libc.openat(LibcCalls.AT_FDCWD, proc, flags, 0);
        }
        if (again < 0 && calls.lastError() == ENOENT) {
            throw new SysException(ENOENT, "a followed link's target is opened for reading only "
                    + "through /proc/self/fd, and /proc is not mounted; not opened");
        }
        calls.check(again);
        close();
        return new LibcFile(calls, residency, extents, again);
    }

    /**
     * Page-aligned: the kernel's copy into a buffer that does not start on a page boundary is much
     * slower (docs/performance.md, "Facts behind the code").
     */
    static ReadBuffer allocate(LibcCalls calls, int capacity) {
        int pageSize = calls.pageSize();
        Pointer memory = calls.allocate((long) capacity + pageSize, false);
        long pad = (pageSize - memory.address() % pageSize) % pageSize;
        return new NativeBuffer(memory, memory.slice(pad, capacity), capacity);
    }

    /**
     * {@code pointer}: the page-aligned slice of {@code memory}, the allocation, which is kept so that it
     * is not freed while the slice is in use.
     */
    private record NativeBuffer(Pointer memory, Pointer pointer, int capacity) implements ReadBuffer {
    }

    /** The descriptor, for a read queued in a ring ({@link LibcReadRing}). */
    int fd() {
        return fd;
    }

    @Override
    public Stat stat() throws SysException {
        return calls.fstat(fd);
    }

    @Override
    public void stat(StatBuffer into) throws SysException {
        calls.statx(fd, LibcCalls.EMPTY_C_NAME, LibcCalls.AT_EMPTY_PATH, into);
    }

    @Override
    public int read(ReadBuffer buffer) throws SysException {
        NativeBuffer nb = (NativeBuffer) buffer;
        long n;
        do {
            n = calls.libc().read(fd, nb.pointer, nb.capacity);
        } while (calls.interrupted(n));
        return (int) n;
    }

    @Override
    public int read(ReadBuffer buffer, long offset, int length) throws SysException {
        NativeBuffer nb = (NativeBuffer) buffer;
        long n;
        do {
            n = calls.libc().pread(fd, nb.pointer, Math.min(length, nb.capacity), offset);
        } while (calls.interrupted(n));
        return (int) n;
    }

    @Override
    public int readCached(ReadBuffer buffer, long offset, int length) throws SysException {
        NativeBuffer nb = (NativeBuffer) buffer;
        Pointer iov = calls.scratch();  // struct iovec {base, len}: two native words
        iov.putAddress(0, nb.pointer.address());
        iov.putAddress(calls.addressSize(), Math.min(length, nb.capacity));
        long n;
        do {
            n = calls.libc().preadv2(fd, iov, 1, offset, RWF_NOWAIT);
            if (n < 0 && calls.lastError() == EAGAIN) {
                return -1;
            }
        } while (calls.interrupted(n));
        return (int) n;
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
        long at = calls.libc().lseek(fd, offset, whence);
        if (at < 0 && calls.lastError() == ENXIO) {
            return -1;
        }
        calls.check(at);
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
        calls.check(calls.writes().sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_ALL));
    }

    private void fadvise(long offset, long length, int advice) throws SysException {
        int errno = calls.libc().posix_fadvise(fd, offset, length, advice);  // the error itself, not in errno
        if (errno != 0) {
            throw calls.failure(errno);
        }
    }

    @Override
    public Residency cachestat(long offset, long length) throws SysException {
        return residency.cachestat(fd, offset, length);
    }

    @Override
    public Residency mincore(long offset, long length) throws SysException {
        return residency.mincore(fd, offset, length);
    }

    @Override
    public int pageSize() {
        return calls.pageSize();
    }

    @Override
    public FileMapping map(long offset, long length) throws SysException {
        return residency.map(fd, offset, length);
    }

    @Override
    public boolean mincoreIsTruthful() {
        return residency.mincoreIsTruthful(fd, this::uid);
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
        return extents.firstExtent(fd, sync);
    }

    @Override
    public long fibmapFirstByte() throws SysException {
        return extents.fibmapFirstByte(fd);
    }

    @Override
    public int blockSize() throws SysException {
        return extents.blockSize(fd);
    }

    @Override
    public void close() {
        calls.libc().close(fd);
    }
}
