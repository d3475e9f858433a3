package dirdump.sys;

import java.io.Closeable;

/**
 * Reads of many files in flight in one io_uring: queued one by one, submitted together by one system
 * call, which starts every file's read under one block plug (so that the virtual disk is notified once
 * for many requests, not once a read; docs/performance.md, "Reads in a ring"). Each read goes into the
 * buffer of a slot, 0 to {@link #depth()} - 1, which is its tag: a slot's buffer is the caller's to
 * read until it queues the slot again. A slot may open its file first ({@link #queueOpen}), then read
 * it. One per reading thread, made in it (the ring takes submissions
 * from that thread only); not thread-safe.
 */
public interface ReadRing extends Closeable {
    /** How many reads can be in flight: one a slot. */
    int depth();

    /** Each slot's buffer, in bytes: the most one read brings in. */
    int bufferSize();

    /**
     * Queues a read of up to {@code length} bytes (at most {@link #bufferSize()}) of {@code file} at
     * {@code offset} into slot {@code slot}'s buffer; it starts at the next {@link #submitAndWait}. At
     * most one read a slot is in flight.
     */
    void queue(OpenFile file, int slot, long offset, int length);

    /**
     * Submits what is queued and waits for at least one read in flight to complete (none if none is);
     * puts each completion found, up to the arrays' length, as its slot and its result: the bytes read
     * (0 at the end of the file), or a failure, which {@link #failure} tells. Returns how many it put.
     */
    int submitAndWait(int[] slots, int[] results) throws SysException;

    /**
     * Whether it opens files too (IORING_OP_OPENAT), so that one system call submits many files' opens:
     * until the kernel answers that it has no such operation ({@link #opened} tells so).
     */
    boolean opens();

    /**
     * Queues the open of {@code cName} (NUL-terminated) in {@code dir} for slot {@code slot}, as
     * {@link Os#openTerminated} opens a name not followed (O_NOFOLLOW|O_NONBLOCK, O_NOATIME where the
     * directory has not refused it: a refusal is tried again without it, within the ring); the
     * directory's descriptor must stay open until it completes. False if the ring cannot (it does not
     * {@link #opens}, or the name is longer than a directory entry's): the caller opens it.
     */
    boolean queueOpen(Directory dir, byte[] cName, int slot);

    /**
     * The file slot {@code slot}'s open gave, its {@code result} the completion's: open, not checked yet;
     * null where the caller is to open it itself (no descriptor is left, the kernel would not open it
     * without blocking, or has no IORING_OP_OPENAT: then no open is queued again); else the failure.
     */
    OpenFile opened(int slot, int result) throws SysException;

    /**
     * Closes {@code file} in the ring, with the next submission, before what is queued after it (so that
     * the descriptor it frees is there for the opens queued after it); its completion is not told. The
     * file is the ring's from now on: no call is made on it again.
     */
    void queueClose(OpenFile file);

    /**
     * Submits what is queued if a close is among it, waiting for nothing: before an open made elsewhere,
     * so that the descriptors the closes free are there for it.
     */
    void submitCloses();

    /** The failure a negative {@code result} (-errno) is, in strerror's words. */
    SysException failure(int result);

    /** How many reads are queued or in flight. */
    int inFlight();

    /**
     * Waits for every read in flight to complete (their buffers are the ring's to free), then unmaps and
     * closes the ring and frees the buffers. The files read stay open: they are the caller's.
     */
    @Override
    void close();
}
