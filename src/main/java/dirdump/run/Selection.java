package dirdump.run;

import dirdump.order.Order;
import dirdump.order.OrderPlan;
import dirdump.order.Orderer;
import dirdump.outcome.Reporter;
import dirdump.outcome.Tally;
import dirdump.scan.Listing;
import dirdump.scan.StopRequest;
import dirdump.scan.Walker;
import dirdump.sys.Os;

/**
 * The files a command works on, in the order it works on them: the walk and the order, shared by
 * every command that takes PATHs. {@code orderingNanos} leaves out the time spent locating files.
 * It holds the listed directories' handles open until closed.
 */
public record Selection(SelectSettings settings, Os os, Listing listing, OrderPlan plan, Tally tally,
                        long listingNanos, long orderingNanos) implements AutoCloseable {

    /** Walks and orders; {@code stop} ends the walk early, with what was listed. */
    public static Selection of(SelectSettings settings, Reporter reporter, StopRequest stop) {
        Os os = Os.load(reporter::warning);
        Tally tally = new Tally();
        long start = System.nanoTime();
        Walker walker = new Walker(os, settings.walk(), reporter, tally).stopWhen(stop);
        if (settings.listedMayBeGone()) {
            walker.missingListedAreGone();
        }
        Listing listing = walker.walk(settings.paths(), settings.list() == null ? null : settings.list().apply(os));
        long listed = System.nanoTime();
        OrderPlan plan = Orderer.plan(listing, settings.order(), settings.sizes(), os, tally, reporter);
        long ordering = System.nanoTime() - listed - plan.locatingNanos();
        return new Selection(settings, os, listing, plan, tally, listed - start, ordering);
    }

    /** Closes the directory handles the walk left open for the passes after it. */
    @Override
    public void close() {
        listing.close();
    }

    public int[] sequence() {
        return plan.sequence();
    }

    public Order order() {
        return settings.order().order();
    }

    /** Time spent locating files so far (it grows if more are located after ordering). */
    public long locatingNanos() {
        return plan.locatingNanos();
    }
}
