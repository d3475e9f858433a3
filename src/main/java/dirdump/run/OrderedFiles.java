package dirdump.run;

import dirdump.order.Order;
import dirdump.order.OrderPlan;
import dirdump.order.Orderer;
import dirdump.outcome.Reporter;
import dirdump.outcome.StopRequest;
import dirdump.outcome.Tally;
import dirdump.scan.FileOpener;
import dirdump.scan.WalkResult;
import dirdump.sys.Os;
import dirdump.sys.Stat;
import java.util.Arrays;
import java.util.BitSet;
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

    /** Walks and orders, behind the pipeline's barrier; {@code stop} ends the walk early, with what was listed. */
    public static OrderedFiles of(FileSelection selection, Reporter reporter, StopRequest stop) {
        return Pipeline.run(selection, Pipeline.Stage.BARRIER, Os.load(reporter::warning), reporter, stop, feed -> null)
                .files();
    }

    /**
     * As {@link #of}, in the order a read of {@code selection} takes: where the pipeline's stage would pass
     * the files through, each file's first name in the order listed (the barrier's files, by index).
     */
    public static OrderedFiles asRead(FileSelection selection, Reporter reporter, StopRequest stop) {
        Os os = Os.load(reporter::warning);
        Pipeline.Stage stage = Pipeline.stage(selection, false, os);
        OrderedFiles files = Pipeline.run(selection, Pipeline.Stage.BARRIER, os, reporter, stop, feed -> null).files();
        if (stage == Pipeline.Stage.BARRIER) {
            return files;
        }
        // Passed through, a read takes each file's first name as listed: file indices are numbered so.
        OrderPlan plan = files.plan();
        int[] listed = plan.sequence().clone();
        Arrays.sort(listed);
        BitSet kept = new BitSet();
        for (int f : listed) {
            kept.set(f);
        }
        OrderPlan asListed = new OrderPlan(listed, plan.byInode(), Orderer.asListed(files.walk(), kept).devices(),
                plan.locations(), plan.locatingNanos());
        return new OrderedFiles(selection, os, files.tally(), files.listed(), new Ordered(asListed, files.orderingNanos()));
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
