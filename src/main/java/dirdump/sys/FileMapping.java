package dirdump.sys;

/**
 * A file mapped read-only and shared (mmap PROT_READ, MAP_SHARED): its pages are the page cache's own,
 * so that locking them keeps the file's cached pages resident, and the mapping keeps them after the
 * descriptor it was made from is closed. Offsets, from the mapping's start, are multiples of {@link #pageSize()}.
 */
public interface FileMapping extends AutoCloseable {
    /** The bytes mapped, from the offset in the file it was mapped at. */
    long length();

    int pageSize();

    /** madvise(MADV_WILLNEED): starts reading the range into the page cache, and returns. */
    void willNeed(long offset, long length) throws SysException;

    /**
     * Locks the range and keeps it resident until the mapping is closed, bringing in what is not
     * cached. Where {@link #populates()}: mlock2(MLOCK_ONFAULT), which reads nothing, then
     * madvise(MADV_POPULATE_READ), which faults each page in as a read would, and locked as it comes,
     * so that none can be evicted between the two; a page that cannot be read (an I/O error, a file cut
     * short since it was mapped) fails it, in those words. Else plain mlock(2), which faults the pages
     * in itself and, on Linux 6.18, retries a page whose read fails without end: the caller must have
     * read the range first. The exception's text says why it failed in the user's terms (ENOMEM, EPERM,
     * EAGAIN: see {@link LockLimits#reason}).
     */
    void lock(long offset, long length) throws SysException;

    /**
     * Whether {@link #lock} brings pages in with reads that report errors (MADV_POPULATE_READ, Linux
     * 5.14+, and mlock2, 4.4+): else whoever locks reads the file first.
     */
    boolean populates();

    /** munmap(2): unlocks and unmaps. */
    @Override
    void close();
}
