package dirdump.run;

import dirdump.order.DeviceProbe;
import dirdump.order.Order;
import dirdump.order.OrderPlan;
import dirdump.order.Orderer;
import dirdump.order.Rotation;
import dirdump.outcome.Reporter;
import dirdump.outcome.StopRequest;
import dirdump.outcome.Tally;
import dirdump.proc.WorkerThreads;
import dirdump.scan.ListedSequence;
import dirdump.scan.SequenceCursor;
import dirdump.scan.SizeFilter;
import dirdump.scan.UniqueFiles;
import dirdump.scan.WalkResult;
import dirdump.scan.Walker;
import dirdump.sys.Os;
import dirdump.sys.SysException;
import java.util.function.Function;
import java.util.function.LongPredicate;
import java.util.function.Supplier;

/**
 * The one way from the PATHs to a pass: the walk, then an ordering stage, then the pass that takes the
 * files (a read, or what status, evict, lock and order do with them). The stage passes the files through
 * as the walk lists them, where the order does not pay: the pass then runs in a thread of its own beside
 * the walk. Or it is a barrier: it collects every file, sorts, and hands the pass the whole sequence with
 * its plan, in the caller's thread.
 */
final class Pipeline {
    /** Threads listing directories ahead of the walk (see scan.ListAhead): each holds one getdents64 in flight. */
    private static final int LISTERS = 4;

    /** Where the files wait between the walk and the pass. */
    enum Stage {
        /** Handed on as listed: no disk under the PATHs rotates, and nothing asks for the global order. */
        PASS_THROUGH,
        /** Collected, sorted and handed on at once: the order pays, or is asked for. */
        BARRIER
    }

    /** What the stage hands the pass: the files as they come and, behind a barrier, their plan (else null). */
    record Feed(Os os, WalkResult walk, SequenceCursor files, OrderPlan plan) {
    }

    /** The walk and the order, and what the pass returned. */
    record Done<R>(OrderedFiles files, R passed) {
    }

    private Pipeline() {
    }

    /**
     * The stage a pass over {@code selection} takes: a barrier where --order, a size filter (which needs
     * every file listed) or the seek distance asks for the global order, where a list names the files
     * (where they lie is known only once it is read), or where the disk under a PATH rotates. Only the
     * PATHs' own devices count, never another disk of the machine. A PATH is stat'ed here only to find
     * its device: the walk resolves it again, and checks what it opens.
     */
    static Stage stage(FileSelection selection, boolean seekDistance, Os os, LongPredicate rotates) {
        FileSelection.Sources sources = selection.listing().sources();
        if (selection.order().order() != Order.AUTO || !selection.listing().sizes().keepsAll() || seekDistance
                || sources.list() != null) {
            return Stage.BARRIER;
        }
        for (byte[] path : sources.paths()) {
            try {
                if (rotates.test(os.stat(path).dev)) {
                    return Stage.BARRIER;
                }
            } catch (SysException e) {
                // the walk tells why the PATH cannot be used
            }
        }
        return Stage.PASS_THROUGH;
    }

    /** As above, by what sysfs says of each device's disk. */
    static Stage stage(FileSelection selection, boolean seekDistance, Os os) {
        DeviceProbe probe = new DeviceProbe();
        return stage(selection, seekDistance, os, dev -> probe.rotation(dev) == Rotation.ROTATING);
    }

    /**
     * Walks {@code selection} and has {@code pass} take its files through {@code stage}; {@code stop} ends
     * the walk (and a pass that heeds it) early. A pass started beside the walk that the system gives no
     * thread runs once the walk is over.
     */
    static <R> Done<R> run(FileSelection selection, Stage stage, Os os, Reporter reporter, StopRequest stop,
                           Function<Feed, R> pass) {
        FileSelection.Sources sources = selection.listing().sources();
        Tally tally = new Tally();
        Walker walker = new Walker(os, selection.listing().walk(), reporter, tally).stopWhen(stop);
        if (sources.listedMayBeGone()) {
            walker.missingListedAreGone();
        }
        long start = System.nanoTime();
        if (stage == Stage.BARRIER) {
            WalkResult walk = walker.walk(sources.paths(), sources.list() == null ? null : sources.list().apply(os));
            long listed = System.nanoTime();
            UniqueFiles files = SizeFilter.apply(walk, UniqueFiles.of(walk, tally, reporter), selection.listing().sizes(),
                    os, tally, reporter);
            OrderPlan plan = Orderer.plan(walk, files, selection.order(), os, reporter, stop);
            OrderedFiles ordered = new OrderedFiles(selection, os, tally, new OrderedFiles.Listed(walk, listed - start),
                    new OrderedFiles.Ordered(plan, System.nanoTime() - listed - plan.locatingNanos()));
            return new Done<>(ordered, pass.apply(new Feed(os, walk, new SequenceCursor(plan.sequence()), plan)));
        }
        ListedSequence sequence = walker.listAhead(LISTERS).stream();
        WalkResult soFar = walker.inProgress();
        Beside<R> beside = new Beside<>(() -> pass.apply(new Feed(os, soFar, sequence, null)));
        WalkResult walk;
        try {
            walk = walker.walk(sources.paths(), sources.list() == null ? null : sources.list().apply(os));
        } catch (RuntimeException | Error e) {
            sequence.end();
            beside.thread.join();
            soFar.close();
            throw e;
        }
        long listed = System.nanoTime();
        OrderPlan plan = Orderer.asListed(walk, walker.streamed());
        OrderedFiles ordered = new OrderedFiles(selection, os, tally, new OrderedFiles.Listed(walk, listed - start),
                new OrderedFiles.Ordered(plan, System.nanoTime() - listed));
        return new Done<>(ordered, beside.join());
    }

    /** A pass in a thread of its own beside the walk; in the caller's once joined, if the system gave none. */
    private static final class Beside<R> {
        private final Supplier<R> pass;
        private final WorkerThreads thread = new WorkerThreads();
        private R passed;
        private Throwable failed;

        Beside(Supplier<R> pass) {
            this.pass = pass;
            thread.start("pass", () -> () -> {
                try {
                    passed = pass.get();
                } catch (RuntimeException | Error e) {
                    failed = e;
                }
            });
        }

        R join() {
            if (thread.started() == 0) {
                return pass.get();
            }
            thread.join();
            if (failed instanceof RuntimeException e) {
                throw e;
            } else if (failed instanceof Error e) {
                throw e;
            }
            return passed;
        }
    }
}
