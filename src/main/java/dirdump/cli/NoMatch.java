package dirdump.cli;

import dirdump.report.StderrReporter;
import dirdump.outcome.SkipReason;
import dirdump.outcome.Tally;
import java.util.ArrayList;
import java.util.List;

/**
 * A run whose filters left out every file says so, and exits 1, as grep does when nothing matches:
 * a typo in a cron job's --include must not warm nothing in silence. Only the filters that left
 * something out are named. A tree with no files at all, filtered or not, is no such case.
 */
final class NoMatch {
    private NoMatch() {
    }

    /** True, having said so on stderr (also with -q: it is the run's failure), if no file is left. */
    static boolean check(WalkOptions walk, Selection selection, StderrReporter reporter) {
        Tally tally = selection.tally();
        if (selection.sequence().length > 0 || tally.filteredTotal() == 0) {
            return false;
        }
        List<String> filters = new ArrayList<>();
        if (tally.skipped(SkipReason.PATTERN) > 0) {
            walk.includes.forEach(g -> filters.add("--include " + quoted(g)));
            walk.excludes.forEach(g -> filters.add("--exclude " + quoted(g)));
        }
        if (tally.skipped(SkipReason.SIZE) > 0) {
            if (walk.minSize != null) {
                filters.add("--min-size " + walk.minSize);
            }
            if (walk.maxSize != null) {
                filters.add("--max-size " + walk.maxSize);
            }
        }
        reporter.problem("no file matched " + String.join(" ", filters));
        return true;
    }

    /** As a shell would take it back: '*.xyz', and a quote in it as '\''. */
    private static String quoted(String glob) {
        return "'" + glob.replace("'", "'\\''") + "'";
    }
}
