package dirdump.cli;

import dirdump.report.StderrReporter;
import dirdump.order.Order;
import dirdump.order.OrderPlan;
import dirdump.order.OrderSettings;
import dirdump.order.Orderer;
import dirdump.outcome.Tally;
import dirdump.scan.Listing;
import dirdump.scan.NameList;
import dirdump.scan.SizeFilter;
import dirdump.scan.SizeRange;
import dirdump.scan.StopRequest;
import dirdump.scan.UniqueFiles;
import dirdump.scan.Walker;
import dirdump.sys.Os;
import java.util.List;
import java.util.function.Function;

/**
 * The files a command works on, in the order it works on them: the walk and the order, shared by
 * every command that takes PATHs. {@code orderingNanos} leaves out the time spent locating files.
 * It holds the listed directories' handles open until closed.
 */
record Selection(Os os, Listing listing, OrderPlan plan, Order order, Tally tally, long listingNanos,
                 long orderingNanos) implements AutoCloseable {

    /**
     * {@code paths}: null or empty if there are none; {@code list}: --files-from on the Os, or null;
     * {@code stop} ends the walk early, with what was listed.
     */
    static Selection of(List<String> paths, Function<Os, NameList> list, WalkOptions walk, StderrReporter reporter,
                        StopRequest stop) {
        walk.requirePaths(paths);
        OrderSettings settings = walk.orderSettings();
        SizeRange sizes = walk.sizes();
        Os os = Os.load(reporter::warning);
        Tally tally = new Tally();
        long start = System.nanoTime();
        Walker walker = new Walker(os, walk.settings(), reporter, tally).stopWhen(stop);
        if (walk.replayed != null) {
            walker.missingListedAreGone();  // a snapshot is of an earlier time: files deleted since are no error
        }
        Listing listing = walker.walk(paths == null ? List.of() : paths.stream().map(RawArguments::bytes).toList(),
                        list == null ? null : list.apply(os));
        long listed = System.nanoTime();
        UniqueFiles files = SizeFilter.apply(listing, UniqueFiles.of(listing, tally, reporter), sizes, os, tally,
                reporter);
        OrderPlan plan = Orderer.plan(listing, files, settings, os, reporter);
        long ordering = System.nanoTime() - listed - plan.locatingNanos();
        return new Selection(os, listing, plan, settings.order(), tally, listed - start, ordering);
    }

    /** Closes the directory handles the walk left open for the passes after it. */
    @Override
    public void close() {
        listing.close();
    }

    int[] sequence() {
        return plan.sequence();
    }

    /** Time the order spent locating files. */
    long locatingNanos() {
        return plan.locatingNanos();
    }
}
