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
     * mlock(2) of the range: faults every page in (reading what is not cached) and keeps it resident
     * until the mapping is closed. The exception's text says why it failed in the user's terms (ENOMEM,
     * EPERM, EAGAIN: see {@link LockLimits#reason}).
     */
    void lock(long offset, long length) throws SysException;

    /** munmap(2): unlocks and unmaps. */
    @Override
    void close();
}
