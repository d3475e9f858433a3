package dirdump.cli;

import dirdump.order.Order;
import dirdump.order.Orderer;
import dirdump.report.Reporter;
import dirdump.report.Tally;
import dirdump.scan.Listing;
import dirdump.scan.Walker;
import dirdump.sys.Os;
import java.util.List;

/**
 * The files a command works on, in the order it works on them: the walk and the order, shared by
 * every command that takes PATHs.
 */
record Selection(Os os, Listing listing, int[] sequence, Order order, Tally tally, long listingNanos,
                 long orderingNanos) {

    static Selection of(List<String> paths, WalkOptions walk, Reporter reporter) {
        Order order = walk.order();
        Os os = Os.load(reporter::warning);
        Tally tally = new Tally();
        long start = System.nanoTime();
        Listing listing = new Walker(os, walk.settings(), reporter, tally).walk(paths);
        long listed = System.nanoTime();
        int[] sequence = Orderer.order(listing, order, tally, reporter);
        return new Selection(os, listing, sequence, order, tally, listed - start, System.nanoTime() - listed);
    }
}
