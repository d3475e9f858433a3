package dirdump.read;

import dirdump.cache.ByteRanges;
import dirdump.sys.SysException;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A big file read by every reader at once, chunk by chunk in order, through one open descriptor (pread
 * needs no shared position): one sequential stream leaves the device with a single read in flight,
 * several keep it busy. The reader that finishes the last chunk finishes the file. Of a file with
 * ranges to read (the parts not cached, a --range), the chunks are those of the ranges.
 */
final class SharedFile {
    /** A file of at least two chunks is shared: the size of read_ahead_kb on these machines. */
    static final long CHUNK = 8L << 20;

    /** A copy of the reader's that took it (see FileToRead#handOff). */
    final FileToRead file;
    /** Where each chunk starts and ends, in pairs. */
    private final long[] chunks;
    private final AtomicInteger next = new AtomicInteger();
    private final AtomicInteger done = new AtomicInteger();
    private final AtomicLong bytes = new AtomicLong();
    private volatile SysException failure;

    SharedFile(FileToRead file) {
        this.file = file;
        ByteRanges ranges = file.toRead();
        long[] pieces = new long[0];
        int n = 0;
        for (int i = 0; i < ranges.count(); i++) {
            for (long at = ranges.start(i); at < ranges.end(i); at += CHUNK) {
                if (2 * n + 2 > pieces.length) {
                    pieces = Arrays.copyOf(pieces, Math.max(8, pieces.length * 2));
                }
                pieces[2 * n] = at;
                pieces[2 * n + 1] = Math.min(at + CHUNK, ranges.end(i));
                n++;
            }
        }
        chunks = Arrays.copyOf(pieces, 2 * n);  // within the size fstat gave: a file grown meanwhile is not followed
    }

    /** Big enough to share: two chunks or more to read, with data everywhere (a sparse file is read by its data). */
    static boolean worthSharing(FileToRead f) {
        long toRead = f.whole ? f.stat.size() : f.ranges.length();
        return toRead >= 2 * CHUNK && !f.stat.sparse();
    }

    /** The next chunk to read, or -1 if every chunk has been taken. */
    int claim() {
        int c = next.getAndIncrement();
        return c < chunks() ? c : -1;
    }

    long start(int c) {
        return chunks[2 * c];
    }

    long end(int c) {
        return chunks[2 * c + 1];
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
        return done.incrementAndGet() == chunks();
    }

    long bytes() {
        return bytes.get();
    }

    /** Whether every chunk was read, so the file is finished (and closed) by a reader. */
    boolean finished() {
        return done.get() == chunks();
    }

    private int chunks() {
        return chunks.length / 2;
    }
}
