package dirdump.read;

import dirdump.scan.FileOpener;
import dirdump.sys.ReadRing;
import dirdump.sys.SysException;
import java.util.Optional;

/**
 * The files one reader has in flight in its ring (sys.ReadRing), a slot each: a file started is
 * queued at its first chunk; each turn submits every read queued in one system call and takes the
 * completions; a completion that fills the slot's buffer queues the file's next chunk, and one that
 * reaches the size fstat gave, comes short or finds the end (0) ends the file, which the reader then
 * counts, measures, reports and closes ({@link Ends}), as it does a file read one read at a time. Only
 * what a plain read(2) loop would do goes here: a whole file, not sparse, below the size readers share
 * ({@link #takes}). Without a ring ({@link #none}) it takes no file, and the reader reads each itself.
 */
final class RingReads implements AutoCloseable {
    /** What the reader does with a file the ring is done with. */
    interface Ends {
        /** Read to its end: {@code bytes} of it. */
        void read(FileToRead f, long bytes);

        /** A read of it failed, after {@code bytes}. */
        void failed(FileToRead f, SysException e);

        /** Left part way ({@code bytes} read) at a signal. */
        void stopped(FileToRead f, long bytes);

        /** Refused by the ring (EAGAIN: a file system that cannot read without blocking): {@code bytes} read, the rest to read. */
        long rest(FileToRead f, long bytes, long end) throws SysException;
    }

    private final Optional<ReadRing> ring;
    private final ReadLimits limits;
    private final Ends ends;
    /** Each slot's file, filled again for each file it takes; {@link #busy}: whether it has one. */
    private final FileToRead[] files;
    private final boolean[] busy;
    /** Each slot's file: the bytes read of it, and where its read ends (its size, or a buffer for a size of 0). */
    private final long[] done;
    private final long[] end;
    /** The slots free, as a stack. */
    private final int[] free;
    private int freeCount;
    /** Set once a turn failed: the ring takes no more files (its reads in flight are waited for at close). */
    private boolean broken;
    /** One turn's completions: each one's slot and result. */
    private final int[] slots;
    private final int[] results;

    RingReads(ReadRing ring, FileOpener opener, ReadLimits limits, Ends ends) {
        this(Optional.of(ring), ring.depth(), opener, limits, ends);
    }

    private RingReads(Optional<ReadRing> ring, int depth, FileOpener opener, ReadLimits limits, Ends ends) {
        this.ring = ring;
        this.limits = limits;
        this.ends = ends;
        files = new FileToRead[depth];
        busy = new boolean[depth];
        done = new long[depth];
        end = new long[depth];
        free = new int[depth];
        slots = new int[depth];
        results = new int[depth];
        for (int s = 0; s < depth; s++) {
            files[s] = new FileToRead(opener);
            free[freeCount++] = depth - 1 - s;
        }
    }

    /** No ring: every file is read one read at a time by its reader. */
    static RingReads none(Ends ends, ReadLimits limits) {
        return new RingReads(Optional.empty(), 0, null, limits, ends);
    }

    /** Whether the ring reads {@code f}: a whole file, not sparse, that readers would not share. */
    boolean takes(FileToRead f) {
        return ring.isPresent() && !broken && f.whole && !f.stat.sparse() && f.stat.size() < 2 * SharedFile.CHUNK;
    }

    /** Whether every slot has a file (or the ring failed with files in it): the next file waits for a {@link #turn}. */
    boolean full() {
        return ring.isPresent() && (freeCount == 0 || broken && freeCount < files.length);
    }

    /** Whether any file is in flight. */
    boolean busy() {
        return ring.isPresent() && freeCount < files.length;
    }

    /** Takes over the file in hand (a reader's, filled again for its next file) and queues its first read. */
    void start(FileToRead f) {
        int s = free[--freeCount];
        files[s].takeOver(f);
        busy[s] = true;
        done[s] = 0;
        end[s] = f.stat.size() > 0 ? f.stat.size() : ring.get().bufferSize();
        queue(s);
    }

    /**
     * Submits every read queued and waits for at least one completion; takes each, and queues the next
     * chunk of a file not at its end. Once the run is to stop, a file not at its end is left where it is.
     */
    void turn() {
        ReadRing r = ring.get();
        int n;
        try {
            n = r.submitAndWait(slots, results);
        } catch (SysException e) {
            failAll(e);
            return;
        }
        for (int i = 0; i < n; i++) {
            completed(slots[i], results[i]);
        }
    }

    /** Turns until no file is in flight: each read to its end, or, once the run is to stop, left part way. */
    void finish() {
        while (freeCount < files.length) {
            turn();
        }
    }

    /** Waits for the reads in flight, frees the ring and closes every file still in it (a turn failed). */
    @Override
    public void close() {
        ring.ifPresent(ReadRing::close);
        for (int s = 0; s < files.length; s++) {
            if (busy[s]) {
                ends.stopped(files[s], done[s]);
                release(s);
            }
        }
    }

    private void queue(int s) {
        ReadRing r = ring.get();
        r.queue(files[s].file, s, done[s], (int) Math.min(r.bufferSize(), end[s] - done[s]));
    }

    private void completed(int s, int result) {
        FileToRead f = files[s];
        if (result < 0) {
            SysException failure = ring.get().failure(result);
            if (failure.isWouldBlock()) {
                try {
                    ends.read(f, done[s] + ends.rest(f, done[s], end[s]));
                } catch (SysException e) {
                    ends.failed(f, e);
                }
            } else {
                ends.failed(f, failure);
            }
            release(s);
            return;
        }
        long asked = Math.min(ring.get().bufferSize(), end[s] - done[s]);
        done[s] += result;
        limits.transferred(result);
        if (result < asked || done[s] >= end[s]) {
            ends.read(f, done[s]);
            release(s);
        } else if (limits.signalled()) {
            ends.stopped(f, done[s]);
            release(s);
        } else {
            queue(s);
        }
    }

    /** The ring cannot be waited on: every file in it failed. */
    private void failAll(SysException e) {
        broken = true;
        for (int s = 0; s < files.length; s++) {
            if (busy[s]) {
                ends.failed(files[s], e);
                release(s);
            }
        }
    }

    private void release(int s) {
        files[s].close();
        busy[s] = false;
        free[freeCount++] = s;
        limits.fileDone();
    }
}
