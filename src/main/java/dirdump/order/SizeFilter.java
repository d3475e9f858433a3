package dirdump.order;

import dirdump.outcome.Reporter;
import dirdump.outcome.SkipReason;
import dirdump.outcome.Tally;
import dirdump.scan.FileOpener;
import dirdump.scan.Listing;
import dirdump.sys.Os;
import dirdump.sys.Stat;
import java.util.BitSet;

/**
 * Leaves out the files outside --min-size/--max-size. getdents64 gives no size, so each file is
 * stat'ed here relative to its directory's handle, once, and only when a bound is given; in (device, inode) order, so that on a cold
 * cache the inode tables are read in one sweep. Done while ordering, for the read and for
 * {@code dirdump order} alike, so that both keep the same files, and the order, the devices and the
 * seek distance count only the files kept.
 */
final class SizeFilter {
    private SizeFilter() {
    }

    /** Marks in {@code dropped} the files of {@code byInode} not yet dropped whose size is out of range. */
    static void apply(Listing listing, int[] byInode, BitSet dropped, SizeRange sizes, Os os, Tally tally,
                      Reporter reporter) {
        FileOpener opener = new FileOpener(os, listing, reporter, "not sized");
        for (int f : byInode) {
            if (dropped.get(f)) {
                continue;
            }
            Stat st = opener.stat(f);
            if (st == null) {
                continue;  // kept: the read reports what became of it
            }
            if (!sizes.contains(st.size)) {
                dropped.set(f);
                tally.addSkipped(SkipReason.SIZE);
                reporter.filtered(listing.path(f), st.size + " bytes, "
                        + (st.size < sizes.min() ? "under --min-size" : "over --max-size"));
            }
        }
    }
}
