package dirdump.read;

import dirdump.cache.ByteRanges;
import dirdump.outcome.Tally;
import dirdump.sys.OpenFile;
import dirdump.sys.ReadBuffer;
import dirdump.sys.StatBuffer;
import dirdump.sys.SysException;

/**
 * Copies a file's bytes through one buffer: to its end, its byte ranges, or only the data of a sparse
 * file (its holes counted), within what --max-bytes allows: each file reserves what it needs of the
 * bound before its first read, so that only the one that got less is cut short. A file that ends early
 * (truncated meanwhile) ends the read; one grown meanwhile is read to the size it had when opened, no
 * further. One per reading thread.
 */
final class SpanReader {
    /** What a read of a file brought in: {@code bytes}, and whether the run was told to stop before the end ({@code stopped}). */
    record Read(long bytes, boolean stopped) {
    }

    private final ReadBuffer buffer;
    private final ReadLimits limits;
    /** Set by readSpan: the file ended before the span did (truncated meanwhile). */
    private boolean ended;
    /** Set as a file is read: the run is to stop (a signal, or --max-bytes reached). */
    private boolean stopped;
    /** What the file in hand has of --max-bytes not read yet (see ReadLimits#reserve). */
    private long grant;

    SpanReader(ReadBuffer buffer, ReadLimits limits) {
        this.buffer = buffer;
        this.limits = limits;
    }

    /** What is to be read of the file. The holes of a sparse file left out are counted in {@code tally}. */
    Read read(FileToRead f, Tally tally) throws SysException {
        OpenFile file = f.file;
        StatBuffer st = f.stat;
        grant = limits.reserve(f);
        stopped = false;
        try {
            long total = !f.whole ? readRanges(file, st, f.ranges, tally)
                    : st.sparse() ? readData(file, st, tally) : readToEnd(file, st.size());
            return new Read(total, stopped);
        } finally {
            limits.unused(grant);
            grant = 0;
        }
    }

    /** One chunk of a shared file, from {@code from} to {@code to} (see SharedFile): the bytes read. */
    long readChunk(OpenFile file, long from, long to) throws SysException {
        stopped = false;
        grant = limits.reserve(to - from);  // not shared under --max-bytes (see ReadParts): only a grown file
        try {
            return readSpan(file, from, to);
        } finally {
            limits.unused(grant);
            grant = 0;
        }
    }

    /**
     * {@code n} bytes, or fewer: from the file's reservation while it lasts, then (a file grown since
     * its size was taken) from what --max-bytes has left.
     */
    private int take(int n) {
        if (grant > 0) {
            int granted = (int) Math.min(n, grant);
            grant -= granted;
            return granted;
        }
        return (int) limits.allow(n);
    }

    /** The byte ranges of a file, with pread; of a sparse file, only the data in them. */
    private long readRanges(OpenFile file, StatBuffer st, ByteRanges ranges, Tally tally) throws SysException {
        long total = 0;
        ended = false;
        for (int i = 0; i < ranges.count() && !ended && !stopped; i++) {
            total += st.sparse() ? readData(file, ranges.start(i), ranges.end(i), tally)
                    : readSpan(file, ranges.start(i), ranges.end(i));
        }
        return total;
    }

    /** Only the data of a sparse file, range by range (lseek SEEK_DATA, SEEK_HOLE); the holes left out are counted. */
    private long readData(OpenFile file, StatBuffer st, Tally tally) throws SysException {
        ended = false;
        return readData(file, 0, st.size(), tally);
    }

    /** The data between {@code from} and {@code to}, within the file's size; its holes counted. */
    private long readData(OpenFile file, long from, long to, Tally tally) throws SysException {
        long total = 0;
        long holes = 0;
        long pos = from;
        for (long data; (data = file.nextData(pos)) >= 0 && data < to; ) {
            holes += data - pos;
            long hole = Math.min(file.nextHole(data), to);
            long n = readSpan(file, data, hole);
            total += n;
            if (stopped) {
                return total;
            }
            pos = ended ? data + n : hole;
            ended = false;
        }
        tally.addHoles(holes + Math.max(0, to - pos));
        return total;
    }

    /**
     * preads from {@code from} to {@code to}, at most --max-bytes' allowance; the bytes read. Sets
     * {@link #ended} if the file ended first, {@link #stopped} if the run is to stop.
     */
    private long readSpan(OpenFile file, long from, long to) throws SysException {
        long total = 0;
        for (long at = from; at < to; ) {
            int want = take((int) Math.min(buffer.capacity(), to - at));
            if (want == 0) {
                stopped = true;
                break;
            }
            int n = file.read(buffer, at, want);
            grant += want - n;
            if (n == 0) {
                ended = true;  // the end of the file
                break;
            }
            at += n;
            total += n;
            limits.transferred(n);
            if (at < to && limits.signalled()) {
                stopped = true;
                break;
            }
        }
        return total;
    }

    /**
     * The bytes read; sets {@link #stopped} if the run was told to stop before the end. The read ends at
     * the size fstat gave when the file was opened, or earlier if the file ends first (truncated
     * meanwhile): a file grown meanwhile is not followed, so that its owner cannot make the read endless
     * ({@code truncate -s 8E} while it runs; docs/security.md). A file of size 0 (in /proc, say) is read
     * up to one buffer. Under --max-bytes, the last read is cut to what the bound leaves (a pread at the
     * position reached).
     */
    private long readToEnd(OpenFile file, long size) throws SysException {
        long end = size > 0 ? size : buffer.capacity();
        long total = 0;
        while (total < end) {
            int want = take((int) Math.min(buffer.capacity(), end - total));
            if (want == 0) {
                stopped = total != size;  // at its size, the bound leaves no read to find its end
                return total;
            }
            int n = want == buffer.capacity() ? file.read(buffer) : file.read(buffer, total, want);
            grant += want - n;
            if (n <= 0) {
                return total;
            }
            total += n;
            limits.transferred(n);
            if (total < end && limits.signalled()) {
                stopped = true;
                return total;
            }
        }
        return total;
    }
}
