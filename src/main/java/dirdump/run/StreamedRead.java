package dirdump.run;

import dirdump.order.DeviceProbe;
import dirdump.order.Order;
import dirdump.order.OrderPlan;
import dirdump.order.Orderer;
import dirdump.order.Rotation;
import dirdump.outcome.Reporter;
import dirdump.order.SequenceCursor;
import dirdump.outcome.SkipReason;
import dirdump.outcome.StopRequest;
import dirdump.outcome.Tally;
import dirdump.proc.WorkerThreads;
import dirdump.read.ListedSequence;
import dirdump.read.ReadPass;
import dirdump.scan.FirstNames;
import dirdump.scan.UniqueFiles;
import dirdump.scan.WalkResult;
import dirdump.scan.Walker;
import dirdump.sys.Os;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongPredicate;

/**
 * A read that starts while the walk goes on, where the global order does not pay: the walk tells of
 * the files it lists as it goes (Walker#watch), and each file on a disk that does not rotate, the first
 * name of its file, is handed at once to the readers (a {@link ListedSequence}), which run in a thread of
 * their own meanwhile. Files on a rotating disk are held back: once the walk is over, they are ordered
 * as ever (Orderer) and read last. The walk, its checks and its counts are the same as without: only
 * when each file is read changes, and the order on disks where it hardly matters.
 */
final class StreamedRead {
    /** The walk and order, and what the read did. */
    record Done(OrderedFiles files, ReadPass.Result read) {
    }

    /** Threads listing directories ahead of the walk (see scan.ListAhead): each holds one getdents64 in flight. */
    private static final int LISTERS = 4;

    private final FileSelection selection;
    private final Reporter reporter;
    private final StopRequest stop;
    private final Os os;
    private final Tally tally = new Tally();
    private final Walker walker;
    private final WalkResult walkSoFar;
    /** Null once the walk is over: 8 to 16 bytes a file that the order's arrays can have then. */
    private FirstNames firstNames;
    private final ListedSequence sequence = new ListedSequence();
    /** The first names of files, listed so far. */
    private final BitSet kept = new BitSet();
    /** Of those, the files on a rotating disk, read once the walk is over, in their order. */
    private final BitSet held = new BitSet();
    private final LongPredicate rotating;
    private final Map<Long, Boolean> rotates = new HashMap<>();
    private long lastDevice = -1;
    private boolean lastRotates;
    private int told;

    /** Whether a read of these settings starts while the walk goes on ({@link #readsAsListed}, no --seek-distance). */
    static boolean applies(ReadSettings read) {
        // --seek-distance locates every file after the read, in the global order.
        return readsAsListed(read.selection()) && !read.seekDistance();
    }

    /**
     * Whether a read of {@code selection} takes its files as the walk lists them: only where nothing asks
     * for the global order (--order, the size filters, which need every file listed first), and no disk
     * of the machine rotates: on a rotating disk the default readers follow from where the files lie,
     * known only once they are located (DefaultReaders#forRun), and its files are read in physical order.
     * The same for `dirdump order`, so that it prints the order a read takes.
     */
    static boolean readsAsListed(FileSelection selection) {
        return selection.order().order() == Order.AUTO && selection.listing().sizes().keepsAll()
                && !new DeviceProbe().anyRotating();
    }

    StreamedRead(FileSelection selection, Reporter reporter, StopRequest stop) {
        this(selection, reporter, stop, Os.load(reporter::warning), rotatingDisks());
    }

    /** sysfs's answer: whether the disk under a device rotates. */
    private static LongPredicate rotatingDisks() {
        DeviceProbe probe = new DeviceProbe();
        return dev -> probe.rotation(dev) == Rotation.ROTATING;
    }

    /** {@code rotating}: whether the disk under a device rotates (a test's own answer, or sysfs's). */
    StreamedRead(FileSelection selection, Reporter reporter, StopRequest stop, Os os, LongPredicate rotating) {
        this.selection = selection;
        this.reporter = reporter;
        this.stop = stop;
        this.os = os;
        this.rotating = rotating;
        this.walker = new Walker(os, selection.listing().walk(), reporter, tally).stopWhen(stop).watch(this::listed)
                .listAhead(LISTERS);
        if (selection.listing().sources().listedMayBeGone()) {
            walker.missingListedAreGone();
        }
        this.walkSoFar = walker.inProgress();
        this.firstNames = new FirstNames(walkSoFar);
    }

    Os os() {
        return os;
    }

    Tally tally() {
        return tally;
    }

    /** The walk's tables as they grow: what the readers open files through. */
    WalkResult walkSoFar() {
        return walkSoFar;
    }

    /**
     * Walks, while {@code read} reads in a thread of its own what the walk hands it; once the walk is
     * over and ordered, {@code walked} is given it (for the progress line). If the system starts no
     * thread, the caller's thread reads after the walk.
     */
    Done run(Function<SequenceCursor, ReadPass.Result> read, Consumer<OrderedFiles> walked) {
        ReadPass.Result[] done = new ReadPass.Result[1];
        Throwable[] failed = new Throwable[1];
        WorkerThreads reading = new WorkerThreads();
        reading.start("read", () -> () -> {
            try {
                done[0] = read.apply(sequence);
            } catch (RuntimeException | Error e) {
                failed[0] = e;
            }
        });
        OrderedFiles files;
        try {
            files = walkAndOrder();
        } catch (RuntimeException | Error e) {
            sequence.end();
            reading.join();
            walkSoFar.close();
            throw e;
        }
        walked.accept(files);
        if (reading.started() == 0) {
            done[0] = read.apply(sequence);
        }
        reading.join();
        if (failed[0] instanceof RuntimeException e) {
            throw e;
        } else if (failed[0] instanceof Error e) {
            throw e;
        }
        return new Done(files, done[0]);
    }

    private OrderedFiles walkAndOrder() {
        long start = System.nanoTime();
        WalkResult walk = walker.walk(selection.listing().sources().paths(),
                selection.listing().sources().list() == null ? null : selection.listing().sources().list().apply(os));
        long listed = System.nanoTime();
        firstNames = null;
        boolean noneHeld = held.isEmpty();
        if (noneHeld) {
            // Every file is the readers' already: they finish while the plan is made (for the summary), not after.
            sequence.end();
        }
        OrderPlan plan = Orderer.plan(walk, noneHeld ? UniqueFiles.asListed(walk, kept) : UniqueFiles.only(walk, kept),
                selection.order(), os, reporter, stop, dev -> !rotates(dev));
        if (!noneHeld) {
            for (int f : plan.sequence()) {
                if (held.get(f)) {
                    sequence.add(f);
                }
            }
            sequence.end();
        }
        long ordering = System.nanoTime() - listed - plan.locatingNanos();
        return new OrderedFiles(selection, os, tally, new OrderedFiles.Listed(walk, listed - start),
                new OrderedFiles.Ordered(plan, ordering));
    }

    /** The files listed before {@code upTo}, told in the walking thread: each first name handed on or held back. */
    private void listed(int upTo) {
        for (int f = told; f < upTo; f++) {
            if (!firstNames.first(f)) {
                tally.addSkipped(SkipReason.DUPLICATE);
                reporter.skipped(walkSoFar.path(f), SkipReason.DUPLICATE);
            } else {
                kept.set(f);
                if (rotates(walkSoFar.files.dev(f))) {
                    held.set(f);
                } else {
                    sequence.add(f);
                }
            }
        }
        told = upTo;
        sequence.publish();
    }

    /** Whether the disk under {@code dev} rotates: asked of sysfs once a device. */
    private boolean rotates(long dev) {
        if (dev != lastDevice) {
            lastRotates = rotates.computeIfAbsent(dev, rotating::test);
            lastDevice = dev;
        }
        return lastRotates;
    }
}
