package dirdump.read;

import dirdump.cache.ByteRanges;
import dirdump.outcome.SequenceCursor;
import dirdump.outcome.Tally;
import dirdump.scan.FileOpener;
import dirdump.scan.Opened;
import dirdump.sys.SysException;

/**
 * Takes the run's files in sequence order and opens and checks each (see FileOpener, MissingPages):
 * what every reader that opens its own files, and every opener, does before it acts on a file. One per
 * thread. {@code exact}: see {@link #exact(ReadPlan, ReadLimits)}.
 */
record FileIntake(SequenceCursor cursor, FileOpener opener, MissingPages missing, Tally tally, ReadLimits control,
                 boolean exact) {
    /**
     * Whether files are read exactly: reads of ranges asked for (--range, --replay) or up to a bound
     * (--max-bytes) cache what they read and no more, so read-ahead is turned off for them (the kernel
     * would read read_ahead_kb ahead of each read).
     */
    static boolean exact(ReadPlan plan, ReadLimits control) {
        return plan.method() == ReadMethod.READ && (plan.wanted() != Wanted.WHOLE || control.bounded());
    }

    /**
     * The next file to bring in, opened and checked; null once every file has been taken or the run
     * is to stop. The files left alone on the way (changed, failed, cached) are reported and done.
     */
    FileToRead next() {
        for (int f; !control.stopped() && (f = cursor.next()) >= 0; ) {
            Opened o = opener.open(f, tally);
            long size = o == null ? 0 : o.stat().size;
            FileToRead toRead = o == null ? null : missing.of(o);
            control.taken(size, toRead == null ? size : Math.max(0, size - ByteRanges.length(toRead.toRead())));
            if (toRead != null) {
                if (exact) {
                    noReadAhead(o);
                }
                return toRead;
            }
            control.fileDone();
        }
        return null;
    }

    private static void noReadAhead(Opened o) {
        try {
            o.file().noReadAhead();
        } catch (SysException e) {
            // only a hint: the kernel may read ahead a window more
        }
    }
}
