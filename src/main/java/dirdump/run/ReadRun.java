package dirdump.run;

import dirdump.order.LocateAll;
import dirdump.outcome.Reporter;
import dirdump.outcome.StopRequest;
import dirdump.outcome.Tally;
import dirdump.outcome.Units;
import dirdump.read.ReadLimits;
import dirdump.read.ReadPass;
import dirdump.read.ReadPlan;
import dirdump.scan.SequenceCursor;
import dirdump.scan.WalkResult;
import dirdump.sys.AvailableMemory;
import dirdump.sys.Os;
import java.util.function.Consumer;
import java.util.function.IntSupplier;

/**
 * A read from PATHs to result: the pipeline's walk and order ({@link Pipeline}), its read pass, and the
 * seek distance after.
 * Settings in, result out: the read command, run's warm-up and bench's variants each compose one, and
 * show its result as they will.
 */
public final class ReadRun {
    /**
     * The progress line, if one is wanted: shown from the start of the read, closed at its end; {@code
     * files}: how many are listed (so far, while the walk goes on).
     */
    @FunctionalInterface
    public interface Progress {
        Shown show(ReadLimits limits, IntSupplier files);

        interface Shown extends AutoCloseable {
            @Override
            void close();
        }
    }

    private final ReadSettings settings;

    public ReadRun(ReadSettings settings) {
        this.settings = settings;
    }

    /** {@code stop}: ends the walk or the read early, with the result of what was done; {@code progress}: or null. */
    public ReadResult run(Reporter reporter, StopRequest stop, Progress progress) {
        return run(reporter, stop, progress, files -> { });
    }

    /**
     * As {@link #run(Reporter, StopRequest, Progress)}, and then {@code afterRead} with the walk still open
     * (dirdump --watch starts watching the tree from its handles). The read is the pass of the one
     * pipeline: beside the walk where the stage passes the files through, after it behind a barrier.
     */
    public ReadResult run(Reporter reporter, StopRequest stop, Progress progress, Consumer<OrderedFiles> afterRead) {
        Os os = Os.load(reporter::warning);
        Tally refused = new Tally();
        if (settings.replay() != null) {
            settings.replay().reportTo(reporter, refused);
        }
        long start = System.nanoTime();
        Pipeline.Done<Read> done = Pipeline.run(settings.selection(),
                Pipeline.stage(settings.selection(), settings.seekDistance(), os), os, reporter, stop,
                feed -> read(feed, reporter, stop, progress));
        try (OrderedFiles files = done.files()) {
            files.tally().add(refused);
            ReadResult result = result(files, done.passed(), System.nanoTime() - start, reporter, stop);
            afterRead.accept(files);
            return result;
        }
    }

    /** What the read pass was given and did: its plan, its bounds, its counts. */
    private record Read(ReadPlan plan, Bounds bounds, ReadPass.Result done) {
    }

    /** The read pass over what the stage feeds it: its plan decided once, then the readers. */
    private Read read(Pipeline.Feed feed, Reporter reporter, StopRequest stop, Progress progress) {
        ReadPlan plan = ReadPlan.decide(settings.reading(), settings.limits(), feed.os(), feed.walk(),
                feed.plan() == null ? null : feed.plan().devices(), reporter);
        Bounds bounds = bounds(plan, stop, reporter);
        SequenceCursor files = feed.files();
        try (Progress.Shown line = progress == null ? null : progress.show(bounds.limits(), files::listed)) {
            return new Read(plan, bounds, ReadPass.run(feed.os(), feed.walk(), files, plan, bounds.limits(), reporter));
        }
    }

    /** The read's limits, and what --max-bytes auto made its bound of (or null). */
    private record Bounds(ReadLimits limits, Long maxBytes, AutoBound fitted) {
    }

    private Bounds bounds(ReadPlan plan, StopRequest stop, Reporter reporter) {
        Replay replay = settings.replay();
        AvailableMemory.Bound room = AvailableMemory.forPageCache();
        AutoBound fitted = settings.limits().maxBytesAuto() ? new AutoBound(room, buffers(plan) + OWN_GROWTH) : null;
        Long maxBytes = fitted == null ? settings.limits().maxBytes() : bound(fitted);
        ReadLimits limits = new ReadLimits(settings.limits().bwlimit(), maxBytes == null ? 0 : maxBytes, stop);
        stop.counting(() -> Units.count(limits.files(), "file", "files") + " done, " + Units.bytes(limits.bytes()) + " read");
        MemoryNotice.announce(room, replay == null ? -1 : replay.residentBytes(), maxBytes, limits, reporter);
        return new Bounds(limits, maxBytes, fitted);
    }

    /**
     * The read's result; {@code nanos}: from the walk's start to the read's end, of which the phases before
     * the read's (listing, ordering, locating) are the walk's and the order's: the rest is reading.
     */
    private ReadResult result(OrderedFiles files, Read read, long nanos, Reporter reporter, StopRequest stop) {
        Tally tally = files.tally();
        WalkResult walk = files.walk();
        tally.add(read.done().tally());
        long locating = files.locatingNanos();
        long reading = Math.max(0, nanos - files.listingNanos() - files.orderingNanos() - locating);
        boolean noMatch = NoMatch.check(files, reporter);
        // After the read, so that locating every file does not warm the cache the read is timed on; and
        // left out of the times, since it is not part of bringing the files in.
        LocateAll.Result locatedAfter = settings.seekDistance() && !stop.stopped()
                ? LocateAll.run(files.os(), walk, files.plan(), settings.selection().order(), reporter, stop)
                : null;
        ExitCode exit = ExitCode.of(walk, tally, stop.signal(), noMatch);
        PassFacts facts = PassFacts.of(files, settings.reading().method().key(), exit, stop,
                new PassFacts.Phase("locating", locating), new PassFacts.Phase("reading", reading));
        ReadLimits limits = read.bounds().limits();
        ReadResult.Bound bound = new ReadResult.Bound(read.bounds().maxBytes(), limits.boundReached(), limits.partRead(),
                read.bounds().fitted());
        ReadResult.Pass pass = new ReadResult.Pass(read.done().readers(), files.os().fallbackReason(),
                read.done().residency(), bound, read.plan());
        return new ReadResult(facts, settings, pass, new ReadResult.Ordering(files.plan().devices(), locatedAfter));
    }

    /**
     * --max-bytes auto's bound: the room there is now, less the page cache the room counts as free (it
     * may be the set's own pages, cached by an earlier run: reading that much more would evict them; which
     * pages it holds cannot be told before the read, whose readers reserve the bound in parallel) and what
     * is set aside for dirdump's own memory (see {@link #OWN_GROWTH}). Null where nothing bounds it; at
     * least a byte, since 0 is no bound to ReadLimits: a full cgroup gets one page.
     */
    private static Long bound(AutoBound fitted) {
        return fitted.room() == Long.MAX_VALUE ? null
                : Math.max(1, fitted.room() - fitted.pageCache() - fitted.setAside());
    }

    /**
     * What the JVM takes beyond the readers' buffers once the read has started (their threads, the heap
     * as it fills): 2 to 5 MiB measured in a memory cgroup (docs/performance.md, "A set larger than its
     * memory cgroup"). Left out of --max-bytes auto's bound with the buffers: a bound without it filled
     * the cgroup to its limit, whose reclaim then took the set's first pages.
     */
    private static final long OWN_GROWTH = 8L << 20;

    /** The memory the readers' buffers take: one each, allocated at the start (none to advise). */
    private static long buffers(ReadPlan plan) {
        return plan.engine() == ReadPlan.Engine.ADVICE ? 0 : (long) plan.readers() * plan.bufferSize();
    }
}
