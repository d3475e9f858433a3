package dirdump.read;

import dirdump.cache.BeforeAfter;
import dirdump.cache.ProbeMethod;
import dirdump.cache.ResidencyProbe;
import dirdump.report.Reporter;
import dirdump.report.SkipReason;
import dirdump.report.Tally;
import dirdump.scan.Opened;
import dirdump.sys.OpenFile;
import dirdump.sys.ReadBuffer;
import dirdump.sys.Residency;
import dirdump.sys.Stat;
import dirdump.sys.SysException;

/**
 * Brings one opened file into the page cache, by the run's method, unless every page of it is there
 * already, and closes it. One per thread.
 */
final class FileWarmer {
    private final ReadBuffer buffer;
    private final Reporter reporter;
    private final ReadMethod method;
    private final boolean skipCached;
    private final boolean measureAfter;
    private final BeforeAfter residency;
    private final ReadControl control;
    private final WillNeed willNeed = new WillNeed();
    /** cachestat only: one 0.24 us call; mmap + mincore would cost about as much as reading a small file. */
    private final ResidencyProbe probe = new ResidencyProbe(ProbeMethod.CACHESTAT);

    FileWarmer(ReadBuffer buffer, Reporter reporter, ReadMethod method, boolean skipCached, boolean measureAfter,
               BeforeAfter residency, ReadControl control) {
        this.buffer = buffer;
        this.reporter = reporter;
        this.method = method;
        this.skipCached = skipCached;
        this.measureAfter = measureAfter;
        this.residency = residency;
        this.control = control;
    }

    /**
     * Measures the file's residency on the descriptor just checked by fstat. A file entirely in the
     * cache is counted, closed and not passed on (null), unless --force.
     */
    Opened check(Opened o, Tally tally) {
        Residency before = measure(o.file(), o.stat());
        if (skipCached && before != null && before.allResident()) {
            o.file().close();
            residency.add(before, before);
            tally.addSkipped(SkipReason.ALREADY_CACHED);
            reporter.skipped(o.path(), SkipReason.ALREADY_CACHED);
            return null;
        }
        return o.withBefore(before);
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
                total = st.sparse() ? readData(file, st, tally) : readToEnd(file, st.size);
                if (total < 0) {
                    tally.addBytes(-total - 1);  // stopped part way: the bytes count, the file does not
                    return;
                }
            } else {
                total = willNeed.advise(o, st.size);  // asked for, not read: the data of the size fstat gave
                tally.addHoles(st.size - total);
                control.transferred(total);
            }
            tally.addRead(total);
            if (measureAfter) {
                // A file read to an end before its size was truncated meanwhile: measured at its new size.
                Stat now = method == ReadMethod.READ && !st.sparse() && total < st.size ? st.withSize(total) : st;
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
            for (long at = s.start(c), end = s.end(c); at < end && !control.stopped(); ) {
                int got = s.opened.file().read(buffer, at, (int) Math.min(buffer.capacity(), end - at));
                if (got == 0) {
                    break;  // the end of the file
                }
                at += got;
                n += got;
                control.transferred(got);
            }
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

    /**
     * Reads only the data of a sparse file, range by range (lseek SEEK_DATA, SEEK_HOLE), and counts the
     * holes left out. The bytes read, or -(bytes + 1) if the run was told to stop before the end.
     */
    private long readData(OpenFile file, Stat st, Tally tally) throws SysException {
        long total = 0;
        long holes = 0;
        long pos = 0;
        for (long data; (data = file.nextData(pos)) >= 0; ) {
            holes += data - pos;
            long hole = file.nextHole(data);
            for (long at = data; at < hole; ) {
                int n = file.read(buffer, at, (int) Math.min(buffer.capacity(), hole - at));
                if (n == 0) {
                    hole = at;  // truncated meanwhile
                    break;
                }
                at += n;
                total += n;
                control.transferred(n);
                if (control.stopped()) {
                    return -total - 1;
                }
            }
            pos = hole;
        }
        tally.addHoles(holes + Math.max(0, st.size - pos));
        return total;
    }

    /**
     * The bytes read, or -(bytes + 1) if the run was told to stop before the end. A short read that
     * reaches the size fstat gave ends it without the read that would return 0 (a small file takes one
     * read); a file of size 0 (in /proc, say) is read to the end it reports.
     */
    private long readToEnd(OpenFile file, long size) throws SysException {
        long total = 0;
        for (int n; (n = file.read(buffer)) > 0; ) {
            total += n;
            control.transferred(n);
            if (control.stopped()) {
                return -total - 1;
            }
            if (n < buffer.capacity() && total == size) {
                break;
            }
        }
        return total;
    }
}
