package dirdump.read;

import dirdump.cache.ByteRanges;
import dirdump.outcome.Reporter;
import dirdump.outcome.Tally;
import dirdump.scan.Opened;
import dirdump.sys.OpenFile;
import dirdump.sys.Stat;
import dirdump.sys.SysException;

/**
 * Brings one file into the page cache by the run's method (read through a buffer, or WILLNEED advice),
 * then counts it, measures it again and reports it; closes it. One per reading thread. {@code reader}:
 * null for WILLNEED.
 */
record FileWarmer(ReadMethod method, SpanReader reader, WillNeed willNeed, CacheMeter meter, Tally tally,
                 Reporter reporter, ReadLimits control) {
    void warm(FileToRead f) {
        Opened o = f.opened();
        try (OpenFile file = o.file()) {
            Stat st = o.stat();
            long total;
            if (method == ReadMethod.READ) {
                total = reader.read(f, tally);
                if (total < 0) {
                    tally.addBytes(-total - 1);  // stopped part way: the bytes count, the file does not
                    if (!control.signalled()) {
                        control.partRead(o.path(), -total - 1, st.size);
                    }
                    return;
                }
            } else {
                long[] ranges = f.toRead();
                total = willNeed.advise(o, ranges);  // asked for, not read: the data of the size fstat gave
                control.transferred(total);
                if (willNeed.bounded()) {
                    tally.addBytes(total);
                    control.partRead(o.path(), total, st.size);
                    return;
                }
                tally.addHoles(ByteRanges.length(ranges) - total);
            }
            tally.addRead(total);
            if (meter.measuresAfter()) {
                // A file read to an end before its size was truncated meanwhile: measured at its new size.
                meter.after(f, method == ReadMethod.READ && !st.sparse() && f.ranges() == null && total < st.size
                        ? st.withSize(total) : st);
            }
            reporter.read(o.path(), total);
        } catch (SysException e) {
            reporter.error(o.path(), e.getMessage());
            tally.addError();
        }
    }

    /**
     * Reads chunk {@code c} of a shared file; true if it was the file's last, which this reader then
     * finishes: counts it, measures it and closes it.
     */
    boolean readChunk(SharedFile s, int c) {
        Opened o = s.file.opened();
        long n = 0;
        try {
            n = reader.readChunk(o.file(), s.start(c), s.end(c));
        } catch (SysException e) {
            s.failed(e);
        }
        tally.addBytes(n);
        if (!s.chunkDone(n)) {
            return false;
        }
        try (OpenFile file = o.file()) {
            if (s.failure() != null) {
                reporter.error(o.path(), s.failure().getMessage());
                tally.addError();
            } else if (!control.stopped()) {
                tally.addRead(0);  // its bytes were counted chunk by chunk
                if (meter.measuresAfter()) {
                    meter.after(s.file, o.stat());
                }
                reporter.read(o.path(), s.bytes());
            }
        }
        return true;
    }
}
