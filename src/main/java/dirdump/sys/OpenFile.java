package dirdump.sys;

import java.io.Closeable;

/** A file opened for reading only. Every call works on the open descriptor, never on the name again. */
public interface OpenFile extends Closeable {
    /** fstat of the open descriptor: what was really opened, not what the name pointed at before. */
    Stat stat() throws SysException;

    /** fstat into a thread's buffer, as {@link #stat()} but with no object made: for a pass over many files. */
    default void stat(StatBuffer into) throws SysException {
        into.set(stat());
    }

    /** Reads up to the buffer's capacity; returns 0 at end of file. */
    int read(ReadBuffer buffer) throws SysException;

    /** pread(2): up to {@code length} bytes (at most the buffer's capacity) at {@code offset}; 0 at end of file. */
    int read(ReadBuffer buffer, long offset, int length) throws SysException;

    /**
     * preadv2(RWF_NOWAIT): as {@link #read(ReadBuffer, long, int)}, but only of pages in the page cache
     * and up to date, waiting for no I/O: fewer bytes where such a page ends the run, and -1 (EAGAIN) if
     * the first is not one. A page whose read failed stays cached, not up to date: counted by cachestat
     * and mincore, it is not read here. (Linux 6.18 starts the read of a page not cached all the same,
     * and read-ahead at the kernel's mark.)
     */
    default int readCached(ReadBuffer buffer, long offset, int length) throws SysException {
        throw Os.nativeOnly("preadv2");
    }

    /** lseek(SEEK_DATA): where the next data at or after {@code offset} starts; -1 if there is none. */
    long nextData(long offset) throws SysException;

    /** lseek(SEEK_HOLE): where the hole after {@code offset} starts (the end of the file, if none before). */
    long nextHole(long offset) throws SysException;

    /** posix_fadvise(POSIX_FADV_WILLNEED): asks the kernel to start reading the range, and returns. */
    void willNeed(long offset, long length) throws SysException;

    /**
     * posix_fadvise(POSIX_FADV_RANDOM) on the whole file: no read-ahead beyond what each read asks for,
     * so that a read of some ranges (--range, --replay, --max-bytes) caches those and no more.
     */
    void noReadAhead() throws SysException;

    /** posix_fadvise(POSIX_FADV_DONTNEED) on the whole file: drops its clean pages from the cache. */
    void dontNeed() throws SysException;

    /**
     * sync_file_range(WAIT_BEFORE|WRITE|WAIT_AFTER) over the whole file: its dirty pages (what others
     * wrote, still in the cache) written to the disk and waited for, so that {@link #dontNeed} can drop
     * them. No byte of the file changes: what is written is what the cache holds already. A read-only
     * descriptor is enough; the file's metadata (its size, its times) is left to the kernel.
     */
    default void writeBack() throws SysException {
        throw Os.nativeOnly("sync_file_range");
    }

    /**
     * cachestat(2) (Linux 6.5+) over {@code length} bytes from {@code offset} (a multiple of the page
     * size), the same range as {@link #mincore}. Throws with ENOSYS where the kernel lacks it, and with
     * EPERM for a file the caller neither owns nor may write (where mincore would claim every page
     * resident).
     */
    Residency cachestat(long offset, long length) throws SysException;

    /**
     * mmap + mincore over a range, as {@link #cachestat}. Since Linux 5.2 its answer is only true for a
     * file the caller owns or may write ({@link #mincoreIsTruthful()}); for others it says every page is
     * resident.
     */
    Residency mincore(long offset, long length) throws SysException;

    /** Whether mincore's answer can be trusted for this open file: owner, root, or write access. */
    boolean mincoreIsTruthful();

    /**
     * The first extent (FIEMAP, no root needed), and whether the file's bytes go on elsewhere; null if
     * the file has none (empty, or a hole).
     */
    Extent firstExtent(boolean sync) throws SysException;

    /**
     * The physical byte of logical block 0 by FIBMAP (needs CAP_SYS_RAWIO: EPERM otherwise), or -1 if
     * that block is not mapped.
     */
    long fibmapFirstByte() throws SysException;

    /** The file system's block size (FIGETBSZ): the unit FIBMAP counts in. */
    int blockSize() throws SysException;

    /** The page size, the unit of {@link #map}: native only, as mapping is. */
    default int pageSize() throws SysException {
        throw Os.nativeOnly("mmap");
    }

    /**
     * Maps {@code length} bytes of the file from {@code offset} (a multiple of the page size) for
     * {@link FileMapping#lock}; the mapping outlives this descriptor. Only the native implementation maps.
     */
    default FileMapping map(long offset, long length) throws SysException {
        throw Os.nativeOnly("mmap");
    }

    /**
     * This file open for reading: itself, or, for a followed link's target opened only as a path
     * ({@link Os#open}), the same file opened again for reading through its descriptor, never by a name,
     * once its fstat was checked; this one is closed then (if that fails, it stays open for its caller
     * to close: an open that found no free descriptor can be tried again).
     */
    default OpenFile readable() throws SysException {
        return this;
    }

    @Override
    void close();
}
