package dirdump.scan;

import dirdump.outcome.Reporter;
import dirdump.outcome.SkipReason;
import dirdump.outcome.Tally;
import dirdump.sys.Os;
import dirdump.sys.Stat;
import java.util.BitSet;

/**
 * --min-size and --max-size: a pass over the listing after the walk that leaves out the files outside
 * the range. getdents64 gives no size, so each file is stat'ed here relative to its directory's
 * handle, once, and only when a bound is given; in (device, inode) order, so that on a cold cache the
 * inode tables are read in one sweep. Before the order, for the read and for {@code dirdump order}
 * alike, so that both keep the same files, and the order, the devices and the seek distance count
 * only the files kept.
 */
public final class SizeFilter {
    private SizeFilter() {
    }

    /** The files of {@code unique} whose size is in {@code sizes}; each one left out is counted and told. */
    public static UniqueFiles apply(WalkResult walk, UniqueFiles unique, SizeRange sizes, Os os, Tally tally,
                                    Reporter reporter) {
        if (sizes.keepsAll()) {
            return unique;
        }
        FileOpener opener = new FileOpener(os, walk, reporter, FileOpener.Use.SIZE);
        BitSet outside = new BitSet(walk.files.size());
        for (int f : unique.byInode()) {
            Stat st = opener.stat(f);
            if (st == null) {
                continue;  // kept: the read reports what became of it
            }
            if (!sizes.contains(st.size)) {
                outside.set(f);
                tally.addSkipped(SkipReason.SIZE);
                reporter.filtered(walk.path(f), st.size + " bytes, "
                        + (st.size < sizes.min() ? "under --min-size" : "over --max-size"));
            }
        }
        return unique.without(outside);
    }
}
