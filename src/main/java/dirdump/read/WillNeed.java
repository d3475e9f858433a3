package dirdump.read;

import dirdump.cache.ByteRanges;
import dirdump.sys.BlockQueue;
import dirdump.sys.OpenFile;
import dirdump.sys.Os;
import dirdump.sys.SysException;

/**
 * posix_fadvise(WILLNEED) in chunks of the device's read_ahead_kb, the most the kernel fetches for
 * one call, so that a large file is covered. One per thread (it remembers the last device's limit).
 */
final class WillNeed {
    /** The kernel's default read_ahead_kb, for file systems with no block device of their own. */
    private static final long DEFAULT_READ_AHEAD = 128 * 1024;

    private final ReadLimits limits;
    private long dev = -1;
    private long chunk;
    /** The last advice was cut short by --max-bytes. */
    private boolean bounded;
    /** What the file in hand has of --max-bytes not advised yet (see ReadLimits#reserve). */
    private long grant;

    WillNeed(ReadLimits limits) {
        this.limits = limits;
    }

    /**
     * Advises the byte {@code ranges} of the file (see ByteRanges: its {@link FileToRead#toRead()}); of a
     * sparse file, only its data (the holes would cache zero pages). Returns the bytes advised;
     * {@link #bounded()} says whether --max-bytes cut that short.
     */
    long advise(FileToRead f, ByteRanges ranges) throws SysException {
        bounded = false;
        grant = limits.reserve(f);
        try {
            return adviseRanges(f, ranges);
        } finally {
            limits.unused(grant);
            grant = 0;
        }
    }

    private long adviseRanges(FileToRead f, ByteRanges ranges) throws SysException {
        long advised = 0;
        for (int i = 0; i < ranges.count() && !bounded; i++) {
            if (!f.stat.sparse()) {
                advised += advise(f, ranges.start(i), ranges.end(i));
                continue;
            }
            long pos = ranges.start(i);
            for (long data; !bounded && (data = f.file.nextData(pos)) >= 0 && data < ranges.end(i); ) {
                pos = Math.min(f.file.nextHole(data), ranges.end(i));
                advised += advise(f, data, pos);
            }
        }
        return advised;
    }

    boolean bounded() {
        return bounded;
    }

    private long advise(FileToRead f, long from, long to) throws SysException {
        long step = chunk(f.stat.dev());
        long advised = 0;
        for (long offset = from; offset < to; offset += step) {
            long want = Math.min(step, to - offset);
            long n = Math.min(want, grant);  // advice covers the size fstat gave: the reservation is all it needs
            grant -= n;
            if (n > 0) {
                f.file.willNeed(offset, n);
                advised += n;
            }
            if (n < want) {
                bounded = true;
                break;
            }
        }
        return advised;
    }

    /**
     * Queues the file's first read-ahead window, so that the device has it in flight before a reader
     * asks for it; the reader's sequential reads make the kernel fetch the rest (and count them).
     */
    void prefetch(FileToRead f) {
        if (f.stat.sparse()) {
            return;  // its data is found by the reader, by lseek
        }
        try {
            long step = chunk(f.stat.dev());
            f.file.willNeed(0, Math.min(f.stat.size(), step));
        } catch (SysException e) {
            // Only a hint: the read that follows reports what is wrong with the file.
        }
    }

    /** Queues the read of bytes {@code from} to {@code to} of {@code file} (a chunk of a big file readers share). */
    void hint(OpenFile file, long from, long to) {
        try {
            file.willNeed(from, to - from);
        } catch (SysException e) {
            // Only a hint: the read that follows reports what is wrong with the file.
        }
    }

    private long chunk(long device) {
        if (device != dev) {
            dev = device;
            BlockQueue queue = Os.blockDevices().queue(device);
            chunk = Math.max(4096, queue == null ? DEFAULT_READ_AHEAD : queue.readAheadBytes().orElse(DEFAULT_READ_AHEAD));
        }
        return chunk;
    }
}
