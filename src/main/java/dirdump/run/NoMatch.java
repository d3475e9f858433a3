package dirdump.run;

import dirdump.outcome.Reporter;
import dirdump.outcome.SkipReason;
import dirdump.outcome.Tally;
import java.util.ArrayList;
import java.util.List;

/**
 * A run whose filters left out every file says so, and exits 1, as grep does when nothing matches:
 * a typo in a cron job's --include must not warm nothing in silence. Only the filters that left
 * something out are named. A tree with no files at all, filtered or not, is no such case.
 */
public final class NoMatch {
    private NoMatch() {
    }

    /** True, having said so on stderr (also with -q: it is the run's failure), if no file is left. */
    public static boolean check(OrderedFiles files, Reporter reporter) {
        Tally tally = files.tally();
        if (files.count() > 0 || tally.filteredTotal() == 0) {
            return false;
        }
        FileSelection.Listing listing = files.selection().listing();
        List<String> filters = new ArrayList<>();
        if (tally.skipped(SkipReason.DEPTH) > 0) {
            filters.add("--max-depth " + listing.walk().maxDepth());
        }
        if (tally.skipped(SkipReason.PATTERN) > 0) {
            filters.addAll(listing.given().patterns());
        }
        if (tally.skipped(SkipReason.SIZE) > 0) {
            filters.addAll(listing.given().sizes());
        }
        reporter.problem("no file matched " + String.join(" ", filters));
        return true;
    }
}
