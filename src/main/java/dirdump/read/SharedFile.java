package dirdump.read;

import dirdump.scan.Opened;
import dirdump.sys.SysException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A big file read by every reader at once, chunk by chunk in order, through one open descriptor (pread
 * needs no shared position): one sequential stream leaves the device with a single read in flight,
 * several keep it busy. The reader that finishes the last chunk finishes the file.
 */
final class SharedFile {
    /** A file of at least two chunks is shared: the size of read_ahead_kb on these machines. */
    static final long CHUNK = 8L << 20;

    final Opened opened;
    private final int chunks;
    private final AtomicInteger next = new AtomicInteger();
    private final AtomicInteger done = new AtomicInteger();
    private final AtomicLong bytes = new AtomicLong();
    private volatile SysException failure;

    SharedFile(Opened opened) {
        this.opened = opened;
        this.chunks = (int) ((opened.stat().size + CHUNK - 1) / CHUNK);
    }

    /** Big enough to share: two chunks or more, with data everywhere (a sparse file is read by its data). */
    static boolean worthSharing(Opened o) {
        return o.stat().size >= 2 * CHUNK && !o.stat().sparse();
    }

    /** The next chunk to read, or -1 if every chunk has been taken. */
    int claim() {
        int c = next.getAndIncrement();
        return c < chunks ? c : -1;
    }

    /** Where chunk {@code c} starts and ends; the last one reads on to the end of the file, whatever its size said. */
    long start(int c) {
        return c * CHUNK;
    }

    long end(int c) {
        return c == chunks - 1 ? Long.MAX_VALUE : (c + 1) * CHUNK;
    }

    void failed(SysException e) {
        if (failure == null) {
            failure = e;
        }
    }

    SysException failure() {
        return failure;
    }

    /** Counts a chunk read (n bytes of it); true for the one that completes the file. */
    boolean chunkDone(long n) {
        bytes.addAndGet(n);
        return done.incrementAndGet() == chunks;
    }

    long bytes() {
        return bytes.get();
    }

    /** Whether every chunk was read, so the file is finished (and closed) by a reader. */
    boolean finished() {
        return done.get() == chunks;
    }
}
