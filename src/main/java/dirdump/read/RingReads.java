package dirdump.read;

import dirdump.outcome.Tally;
import dirdump.scan.FileOpener;
import dirdump.sys.OpenFile;
import dirdump.sys.ReadRing;
import dirdump.sys.SysException;
import java.util.Optional;

/**
 * The files one reader has in flight in its ring (sys.ReadRing), a slot each: a file is opened in its
 * slot ({@link #open}: IORING_OP_OPENAT), checked and measured when its open completes, and handed to
 * the reader ({@link Ends#opened}), which has it read here or elsewhere; a file started is queued at its
 * first chunk, and so is a chunk of a big file the readers share ({@link #startChunk}); each turn
 * submits every entry queued (opens, reads, closes) in one system call and takes the completions; a
 * completion that fills the slot's buffer queues the file's next buffer, and one that reaches the size
 * fstat gave, comes short or finds the end (0) ends the file, which the reader then counts, measures and
 * reports ({@link Ends}), as it does a file read one read at a time, and the slot closes in the ring.
 * Only what a plain read(2) loop would do is read here: a whole file, not sparse, below the size readers
 * share ({@link #takes}), or a shared file's chunk. Without a ring ({@link #none}) it takes no file, and the reader reads each itself.
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

        /** {@code bytes} of a chunk of shared file {@code s} read in the ring (to its end, or not: a failure, a stop). */
        void chunkRead(SharedFile s, long bytes);

        /**
         * A file opened in the ring and checked, {@code f} (a slot's own): the reader measures it and
         * decides, as for a file it opened itself; true if the ring is to read it, else it is done with
         * there (left alone, shared, read) and counted as done.
         */
        boolean opened(FileToRead f);
    }

    /** The chunks of shared files a reader has in flight at most: 4 x 8 MiB, the read-ahead of each asked for at once. */
    static final int CHUNKS = 4;

    private final Optional<ReadRing> ring;
    private final ReadLimits limits;
    private final Ends ends;
    /** Where a file whose open fails is counted (the opener tells why). */
    private final Tally tally;
    /** Each slot's file, filled again for each file it takes; {@link #busy}: whether it has one. */
    private final FileToRead[] files;
    private final boolean[] busy;
    /** Each slot's file: its open in flight, not its read. */
    private final boolean[] opening;
    /** Each slot's chunk of a shared file, where it reads one (from {@link #begin} to {@link #end}), else null. */
    private final SharedFile[] chunkOf;
    private final long[] begin;
    /** How many slots read a chunk. */
    private int chunks;
    private final FileOpener opener;
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

    /** A reader's ring: {@code opener} its opener, {@code tally} its counts. */
    RingReads(ReadRing ring, FileOpener opener, Tally tally, ReadLimits limits, Ends ends) {
        this(Optional.of(ring), opener, tally, limits, ends);
    }

    private RingReads(Optional<ReadRing> ring, FileOpener opener, Tally tally, ReadLimits limits, Ends ends) {
        int depth = ring.map(ReadRing::depth).orElse(0);
        this.ring = ring;
        this.limits = limits;
        this.ends = ends;
        this.tally = tally;
        files = new FileToRead[depth];
        busy = new boolean[depth];
        opening = new boolean[depth];
        chunkOf = new SharedFile[depth];
        begin = new long[depth];
        this.opener = opener;
        done = new long[depth];
        end = new long[depth];
        free = new int[depth];
        slots = new int[depth];
        results = new int[depth];
        for (int s = 0; s < depth; s++) {
            files[s] = new FileToRead(opener, ring.get());
            free[freeCount++] = depth - 1 - s;
        }
    }

    /** No ring: every file is read one read at a time by its reader. */
    static RingReads none(Ends ends, ReadLimits limits) {
        return new RingReads(Optional.empty(), null, null, limits, ends);
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

    /**
     * Queues the open of listed file {@code f} in a free slot; false if the ring does not open it (a name
     * followed, the ring's opens refused, a directory that cannot be had): the reader opens it itself.
     */
    boolean open(int f) {
        if (ring.isEmpty() || broken) {
            return false;
        }
        int s = free[freeCount - 1];
        if (!opener.queueOpen(ring.get(), f, s)) {
            ring.get().submitCloses();  // the reader opens it: the descriptors of the files done with are free first
            return false;
        }
        freeCount--;
        files[s].index = f;
        busy[s] = true;
        opening[s] = true;
        return true;
    }

    /**
     * Whether a chunk of a shared file is to wait for a {@link #turn}: every slot has a file, or this
     * reader has {@link #CHUNKS} chunks in flight already. Without a ring, never: the reader reads it.
     */
    boolean chunksFull() {
        return readsChunks() && (freeCount == 0 || chunks >= CHUNKS);
    }

    /** Whether chunks of shared files are read here: a ring that has not failed. */
    boolean readsChunks() {
        return ring.isPresent() && !broken;
    }

    /**
     * Queues chunk {@code c} of shared file {@code sf} in a free slot ({@link #chunksFull} false), a
     * buffer at a time: a few chunks in flight, a reader, keep a big file's reads going with 2 readers.
     */
    void startChunk(SharedFile sf, int c) {
        int s = free[--freeCount];
        chunkOf[s] = sf;
        busy[s] = true;
        begin[s] = sf.start(c);
        done[s] = begin[s];
        end[s] = sf.end(c);
        chunks++;
        queue(s);
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

    /** Closes every file still in it (the run stopped, or a turn failed), waits for the reads in flight and frees the ring. */
    @Override
    public void close() {
        for (int s = 0; s < files.length; s++) {
            if (busy[s] && !opening[s] && chunkOf[s] == null) {
                ends.stopped(files[s], done[s]);
                release(s);  // closed by the ring as it closes
            }
        }
        ring.ifPresent(ReadRing::close);
        for (int s = 0; s < files.length; s++) {
            if (opening[s]) {
                abandon(s);  // its open completed as the ring closed, which closed what it opened
            } else if (chunkOf[s] != null) {
                chunkEnded(s);  // its reads waited for: the shared file may be closed now
            }
        }
    }

    private void queue(int s) {
        ReadRing r = ring.get();
        OpenFile file = chunkOf[s] != null ? chunkOf[s].file.file : files[s].file;
        r.queue(file, s, done[s], (int) Math.min(r.bufferSize(), end[s] - done[s]));
    }

    /** A chunk's read completed with {@code result}: its next buffer queued, or the chunk ended. */
    private void chunkCompleted(int s, int result) {
        SharedFile sf = chunkOf[s];
        if (result < 0) {
            SysException failure = ring.get().failure(result);
            try {
                if (!failure.isWouldBlock()) {
                    throw failure;
                }
                done[s] += ends.rest(sf.file, done[s], end[s]);
            } catch (SysException e) {
                sf.failed(e);
            }
            chunkEnded(s);
            return;
        }
        long asked = Math.min(ring.get().bufferSize(), end[s] - done[s]);
        done[s] += result;
        limits.transferred(result);
        if (result < asked || done[s] >= end[s] || limits.signalled()) {
            chunkEnded(s);
        } else {
            queue(s);
        }
    }

    private void chunkEnded(int s) {
        SharedFile sf = chunkOf[s];
        chunkOf[s] = null;
        chunks--;
        free(s);
        ends.chunkRead(sf, done[s] - begin[s]);
    }

    private void completed(int s, int result) {
        if (chunkOf[s] != null) {
            chunkCompleted(s, result);
            return;
        }
        FileToRead f = files[s];
        if (opening[s]) {
            opening[s] = false;
            OpenFile file = opener.opened(ring.get(), f.index, s, result, tally);
            if (file == null) {
                limits.taken(0, 0);  // left alone: the opener told why
                limits.fileDone();
            } else if (limits.signalled()) {
                file.close();  // opened as the run was stopped: not begun
            } else {
                f.takeOwn(f.index, file);
                if (ends.opened(f)) {
                    done[s] = 0;
                    end[s] = f.stat.size() > 0 ? f.stat.size() : ring.get().bufferSize();
                    queue(s);
                    return;
                }
            }
            free(s);
            return;
        }
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

    /** The ring cannot be waited on: every file in it failed (its opens too, each of a file not opened). */
    private void failAll(SysException e) {
        broken = true;
        for (int s = 0; s < files.length; s++) {
            if (chunkOf[s] != null) {
                chunkOf[s].failed(e);  // told by the reader that finishes the shared file
                chunkEnded(s);  // a read still in flight holds the file itself, if it is closed now
            } else if (busy[s]) {
                ends.failed(files[s], e);
                if (opening[s]) {
                    abandon(s);
                } else {
                    files[s].file.close();  // here: the ring submits nothing more
                    files[s].file = null;
                    free(s);
                    limits.fileDone();
                }
            }
        }
    }

    /** A slot whose open is not waited for: its directory let go, the slot free (a descriptor the open gives, the ring closes). */
    private void abandon(int s) {
        opening[s] = false;
        opener.abandoned(files[s].index);
        free(s);
        limits.fileDone();
    }

    private void release(int s) {
        files[s].close();
        free(s);
        limits.fileDone();
    }

    private void free(int s) {
        busy[s] = false;
        free[freeCount++] = s;
    }
}
