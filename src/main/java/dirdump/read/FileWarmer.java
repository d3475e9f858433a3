package dirdump.read;

import dirdump.outcome.Reporter;
import dirdump.cache.ResidencyChange;
import dirdump.cache.ByteRanges;
import dirdump.cache.ProbeMethod;
import dirdump.cache.ResidencyProbe;
import dirdump.outcome.SkipReason;
import dirdump.outcome.Tally;
import dirdump.scan.Opened;
import dirdump.sys.OpenFile;
import dirdump.sys.ReadBuffer;
import dirdump.sys.Residency;
import dirdump.sys.Stat;
import dirdump.sys.SysException;

/**
 * Brings one opened file into the page cache, by the run's method: the bytes wanted of it (all, or
 * ranges), less the pages of them cached already; a file whose every wanted page is cached is not
 * touched. Closes it. One per thread.
 */
final class FileWarmer {
    private final ReadBuffer buffer;
    private final Reporter reporter;
    private final ReadMethod method;
    private final boolean skipCached;
    private final boolean measureAfter;
    private final ResidencyChange residency;
    private final ReadControl control;
    private final Wanted wanted;
    private final WillNeed willNeed;
    /**
     * Reads of ranges asked for (--range, --replay) or up to a bound (--max-bytes) cache what they
     * read and no more: no read-ahead (on this VM's disk the kernel reads 8 MiB ahead of each read).
     */
    private final boolean exact;
    /**
     * A part this small that is partly cached is read whole, its cached pages too: a copy from memory
     * costs less than a read and an I/O for each page missing (README, "Warm only what is missing").
     */
    private static final long READ_THROUGH = 256 << 10;
    /** cachestat only: one 0.24 us call; mmap + mincore would cost about as much as reading a small file. */
    private final ResidencyProbe probe = new ResidencyProbe(ProbeMethod.CACHESTAT);
    /** Set by readSpan: the file ended before the span did (truncated meanwhile). */
    private boolean ended;
    /** Set by readSpan: the run is to stop (a signal, or --max-bytes reached). */
    private boolean stopped;

    FileWarmer(ReadBuffer buffer, Reporter reporter, ReadPlan plan, ResidencyChange residency, ReadControl control) {
        this.buffer = buffer;
        this.reporter = reporter;
        this.method = plan.method();
        this.skipCached = plan.skipCached();
        this.measureAfter = plan.measureAfter();
        this.wanted = plan.wanted();
        this.residency = residency;
        this.control = control;
        this.willNeed = new WillNeed(control);
        this.exact = method == ReadMethod.READ && (wanted != Wanted.WHOLE || control.bounded());
    }

    /**
     * Measures the file's residency on the descriptor just checked by fstat (one cachestat). A file
     * whose wanted bytes are all in the cache is counted, closed and not passed on (null), unless
     * --force; of one partly cached, only the ranges not cached are passed on, found by cachestat over
     * halves (ResidencyProbe#ranges). A file none of which is cached costs nothing more.
     */
    Opened check(Opened o, Tally tally) {
        Opened checked = checkResidency(o, tally);
        if (checked != null && exact) {
            try {
                checked.file().noReadAhead();
            } catch (SysException e) {
                // only a hint: the kernel may read ahead a window more
            }
        }
        return checked;
    }

    private Opened checkResidency(Opened o, Tally tally) {
        Stat st = o.stat();
        Residency before = measure(o.file(), st);
        long[] want = wanted.ranges(o.path(), st);
        if (skipCached && before != null && want == null && before.allResident()) {
            return skip(o, before, st.size, tally);  // the common cached file: no ranges to work out
        }
        Opened checked = o.withBefore(before).withRanges(want);
        if (!skipCached || before == null || (want == null && before.residentPages() == 0)
                || (want != null && want.length == 0)) {
            return checked;
        }
        long[] pages = ByteRanges.pages(want == null ? ByteRanges.whole(st.size) : want, before.pageSize(), st.size);
        long[] missing = before.allResident() ? new long[0]
                : before.residentPages() == 0 ? pages : missing(o.file(), pages);
        if (missing == null) {
            return checked;  // unknown: read as asked
        }
        long cached = ByteRanges.length(pages) - ByteRanges.length(missing);
        if (missing.length > 0) {
            tally.addCachedLeft(cached);
            return checked.withRanges(missing);
        }
        return skip(o, before, cached, tally);
    }

    /** A file whose wanted pages are all cached: counted ({@code cached} bytes left alone), closed, not passed on. */
    private Opened skip(Opened o, Residency before, long cached, Tally tally) {
        tally.addCachedLeft(cached);
        o.file().close();
        residency.add(before, before);
        tally.addSkipped(SkipReason.ALREADY_CACHED);
        reporter.skipped(o.path(), SkipReason.ALREADY_CACHED);
        return null;
    }

    /** Queues the read of the file's first read-ahead window (see WillNeed#prefetch). */
    void prefetch(Opened o) {
        willNeed.prefetch(o);
    }

    void warm(Opened o, Tally tally) {
        try (OpenFile file = o.file()) {
            Stat st = o.stat();
            long total;
            if (method == ReadMethod.READ) {
                total = o.ranges() != null ? readRanges(file, st, o.ranges(), tally)
                        : st.sparse() ? readData(file, st, tally) : readToEnd(file, st.size);
                if (total < 0) {
                    tally.addBytes(-total - 1);  // stopped part way: the bytes count, the file does not
                    return;
                }
            } else {
                long[] ranges = o.ranges() != null ? o.ranges() : ByteRanges.whole(st.size);
                total = willNeed.advise(o, ranges);  // asked for, not read: the data of the size fstat gave
                control.transferred(total);
                if (willNeed.bounded()) {
                    tally.addBytes(total);
                    return;
                }
                tally.addHoles(ByteRanges.length(ranges) - total);
            }
            tally.addRead(total);
            if (measureAfter) {
                // A file read to an end before its size was truncated meanwhile: measured at its new size.
                Stat now = method == ReadMethod.READ && !st.sparse() && o.ranges() == null && total < st.size
                        ? st.withSize(total) : st;
                residency.add(o.before(), o.before() == null ? null : measure(o.file(), now));
            }
            reporter.read(o.path(), total);
        } catch (SysException e) {
            reporter.error(o.path(), e.getMessage());
            tally.addError();
        }
    }

    /**
     * Reads chunk {@code c} of a shared file with pread; true if it was the file's last, which this
     * reader then finishes: counts it, measures it and closes it.
     */
    boolean readChunk(SharedFile s, int c, Tally tally) {
        long n = 0;
        try {
            stopped = false;
            n = readSpan(s.opened.file(), s.start(c), s.end(c));
        } catch (SysException e) {
            s.failed(e);
        }
        tally.addBytes(n);
        if (!s.chunkDone(n)) {
            return false;
        }
        Opened o = s.opened;
        try (OpenFile file = o.file()) {
            if (s.failure() != null) {
                reporter.error(o.path(), s.failure().getMessage());
                tally.addError();
            } else if (!control.stopped()) {
                tally.addRead(0);  // its bytes were counted chunk by chunk
                if (measureAfter) {
                    residency.add(o.before(), o.before() == null ? null : measure(file, o.stat()));
                }
                reporter.read(o.path(), s.bytes());
            }
        }
        return true;
    }

    private Residency measure(OpenFile file, Stat st) {
        try {
            return probe.measure(file, st);
        } catch (SysException e) {
            return null;  // unknown: the read goes on
        }
    }

    private long[] missing(OpenFile file, long[] pages) {
        try {
            return probe.ranges(file, pages, false, READ_THROUGH);
        } catch (SysException e) {
            return null;
        }
    }

    /**
     * Reads the byte ranges of a file, with pread; of a sparse file, only the data in them. The bytes
     * read, or -(bytes + 1) if the run was told to stop before the end.
     */
    private long readRanges(OpenFile file, Stat st, long[] ranges, Tally tally) throws SysException {
        long total = 0;
        ended = false;
        stopped = false;
        for (int i = 0; i < ranges.length && !ended; i += 2) {
            total += st.sparse() ? readData(file, ranges[i], ranges[i + 1], tally) : readSpan(file, ranges[i], ranges[i + 1]);
            if (stopped) {
                return -total - 1;
            }
        }
        return total;
    }

    /**
     * Reads only the data of a sparse file, range by range (lseek SEEK_DATA, SEEK_HOLE), and counts the
     * holes left out. The bytes read, or -(bytes + 1) if the run was told to stop before the end.
     */
    private long readData(OpenFile file, Stat st, Tally tally) throws SysException {
        ended = false;
        stopped = false;
        long total = readData(file, 0, st.size, tally);
        return stopped ? -total - 1 : total;
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
            int want = (int) control.allow(Math.min(buffer.capacity(), to - at));
            if (want == 0) {
                stopped = true;
                break;
            }
            int n = file.read(buffer, at, want);
            control.unused(want - n);
            if (n == 0) {
                ended = true;  // the end of the file
                break;
            }
            at += n;
            total += n;
            control.transferred(n);
            if (at < to && control.stopped()) {
                stopped = true;
                break;
            }
        }
        return total;
    }

    /**
     * The bytes read, or -(bytes + 1) if the run was told to stop before the end. A short read that
     * reaches the size fstat gave ends it without the read that would return 0 (a small file takes one
     * read); a file of size 0 (in /proc, say) is read to the end it reports. Under --max-bytes, the
     * last read is cut to what the bound leaves (a pread at the position reached).
     */
    private long readToEnd(OpenFile file, long size) throws SysException {
        long total = 0;
        while (true) {
            int want = (int) control.allow(buffer.capacity());
            if (want == 0) {
                return -total - 1;
            }
            int n = want == buffer.capacity() ? file.read(buffer) : file.read(buffer, total, want);
            control.unused(want - n);
            if (n <= 0) {
                return total;
            }
            total += n;
            control.transferred(n);
            if (n < buffer.capacity() && total == size) {
                return total;
            }
            if (control.stopped()) {
                return -total - 1;
            }
        }
    }
}
