package dirdump.read;

import dirdump.scan.Opened;

import dirdump.sys.BlockQueue;
import dirdump.sys.SysException;

/**
 * posix_fadvise(WILLNEED) in chunks of the device's read_ahead_kb, the most the kernel fetches for
 * one call, so that a large file is covered. One per thread (it remembers the last device's limit).
 */
final class WillNeed {
    /** The kernel's default read_ahead_kb, for file systems with no block device of their own. */
    private static final long DEFAULT_READ_AHEAD = 128 * 1024;

    private long dev = -1;
    private long chunk;

    /**
     * Advises the first {@code size} bytes of the file; of a sparse file, only its data (the holes would
     * cache zero pages). Returns the bytes advised.
     */
    long advise(Opened o, long size) throws SysException {
        if (!o.stat().sparse()) {
            advise(o, 0, size);
            return size;
        }
        long advised = 0;
        long pos = 0;
        for (long data; (data = o.file().nextData(pos)) >= 0 && data < size; ) {
            pos = Math.min(o.file().nextHole(data), size);
            advise(o, data, pos);
            advised += pos - data;
        }
        return advised;
    }

    private void advise(Opened o, long from, long to) throws SysException {
        long step = chunk(o.stat().dev);
        for (long offset = from; offset < to; offset += step) {
            o.file().willNeed(offset, Math.min(step, to - offset));
        }
    }

    /**
     * Queues the file's first read-ahead window, so that the device has it in flight before a reader
     * asks for it; the reader's sequential reads make the kernel fetch the rest.
     */
    void prefetch(Opened o) {
        try {
            advise(o, Math.min(o.stat().size, chunk(o.stat().dev)));
        } catch (SysException e) {
            // Only a hint: the read that follows reports what is wrong with the file.
        }
    }

    private long chunk(long device) {
        if (device != dev) {
            dev = device;
            BlockQueue queue = BlockQueue.of(device);
            chunk = Math.max(4096, queue == null ? DEFAULT_READ_AHEAD : queue.readAheadBytes().orElse(DEFAULT_READ_AHEAD));
        }
        return chunk;
    }
}
