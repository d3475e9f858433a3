package dirdump.run;

import dirdump.order.Order;
import dirdump.order.OrderPlan;
import dirdump.order.Orderer;
import dirdump.outcome.Reporter;
import dirdump.outcome.StopRequest;
import dirdump.outcome.Tally;
import dirdump.scan.FileOpener;
import dirdump.scan.SizeFilter;
import dirdump.scan.UniqueFiles;
import dirdump.scan.WalkResult;
import dirdump.scan.Walker;
import dirdump.sys.Os;
import dirdump.sys.Stat;
import java.util.function.IntToLongFunction;

/**
 * The files a command works on, in the order it works on them: the walk and the order, shared by
 * every command that takes PATHs; {@code tally} counts what both left out. It holds the listed
 * directories' handles open until closed.
 */
public record OrderedFiles(FileSelection selection, Os os, Tally tally, Listed listed, Ordered ordered)
        implements AutoCloseable {

    /** What the walk found, and the time it took. */
    public record Listed(WalkResult walk, long nanos) {
    }

    /** The order of what the walk found, and the time it took, less the time spent locating files. */
    public record Ordered(OrderPlan plan, long nanos) {
    }

    /** Walks and orders; {@code stop} ends the walk early, with what was listed. */
    public static OrderedFiles of(FileSelection selection, Reporter reporter, StopRequest stop) {
        return of(selection, reporter, stop, false);
    }

    /**
     * As {@link #of(FileSelection, Reporter, StopRequest)}, in the order a read of {@code selection} takes:
     * as listed where the read takes its files while the walk goes on (StreamedRead#readsAsListed).
     */
    public static OrderedFiles asRead(FileSelection selection, Reporter reporter, StopRequest stop) {
        return of(selection, reporter, stop, StreamedRead.readsAsListed(selection));
    }

    private static OrderedFiles of(FileSelection selection, Reporter reporter, StopRequest stop, boolean asListed) {
        FileSelection.Listing listing = selection.listing();
        FileSelection.Sources sources = listing.sources();
        Os os = Os.load(reporter::warning);
        Tally tally = new Tally();
        long start = System.nanoTime();
        Walker walker = new Walker(os, listing.walk(), reporter, tally).stopWhen(stop);
        if (sources.listedMayBeGone()) {
            walker.missingListedAreGone();
        }
        WalkResult walk = walker.walk(sources.paths(), sources.list() == null ? null : sources.list().apply(os));
        long listed = System.nanoTime();
        UniqueFiles files = SizeFilter.apply(walk, UniqueFiles.of(walk, tally, reporter), listing.sizes(), os,
                tally, reporter);
        OrderPlan plan = asListed ? Orderer.plan(walk, files, selection.order(), os, reporter, stop, dev -> true)
                : Orderer.plan(walk, files, selection.order(), os, reporter, stop);
        long ordering = System.nanoTime() - listed - plan.locatingNanos();
        return new OrderedFiles(selection, os, tally, new Listed(walk, listed - start), new Ordered(plan, ordering));
    }

    /** Closes the directory handles the walk left open for the passes after it. */
    @Override
    public void close() {
        listed.walk().close();
    }

    public WalkResult walk() {
        return listed.walk();
    }

    public OrderPlan plan() {
        return ordered.plan();
    }

    public long listingNanos() {
        return listed.nanos();
    }

    public long orderingNanos() {
        return ordered.nanos();
    }

    /** The files in the order the command takes them; null after a read as listed (see OrderPlan#sequence). */
    public int[] sequence() {
        return ordered.plan().sequence();
    }

    /** How many files the command works on, also where no sequence was made. */
    public int count() {
        return ordered.plan().files();
    }

    public Order order() {
        return selection.order().order();
    }

    /**
     * Each file's size, by an fstatat relative to its directory's handle as it is asked for (the walk
     * gives no sizes, and a pass to take them all first would hold back the first line); -1 if it
     * cannot be had (gone, unreadable).
     */
    public IntToLongFunction sizes(Reporter reporter) {
        FileOpener opener = new FileOpener(os, listed.walk(), reporter, FileOpener.Use.SIZE);
        return f -> {
            Stat st = opener.stat(f);
            return st == null ? -1 : st.size;
        };
    }

    /** Time the order spent locating files. */
    public long locatingNanos() {
        return ordered.plan().locatingNanos();
    }
}
