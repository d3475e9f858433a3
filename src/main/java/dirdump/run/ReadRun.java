package dirdump.run;

import dirdump.order.LocateAll;
import dirdump.outcome.Reporter;
import dirdump.outcome.StopRequest;
import dirdump.outcome.Tally;
import dirdump.outcome.Units;
import dirdump.read.DefaultReaders;
import dirdump.read.ReadLimits;
import dirdump.read.ReadPass;
import dirdump.read.Readers;
import dirdump.read.Reading;
import dirdump.read.ReadMethod;
import dirdump.read.Wanted;
import dirdump.scan.WalkResult;
import dirdump.sys.AvailableMemory;
import dirdump.sys.Os;
import dirdump.sys.SysException;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * A read from PATHs to result: walk and order ({@link OrderedFiles}), read, and the seek distance after.
 * Settings in, result out: the read command, run's warm-up and bench's variants each compose one, and
 * show its result as they will.
 */
public final class ReadRun {
    /** The progress line, if one is wanted: shown from the start of the read, closed at its end. */
    @FunctionalInterface
    public interface Progress {
        Shown show(ReadLimits limits, OrderedFiles files);

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
     * (dirdump --watch starts watching the tree from its handles).
     */
    public ReadResult run(Reporter reporter, StopRequest stop, Progress progress, Consumer<OrderedFiles> afterRead) {
        if (StreamedRead.applies(settings)) {
            return streamed(reporter, stop, progress, afterRead);
        }
        try (OrderedFiles files = OrderedFiles.of(settings.selection(), reporter, stop)) {
            ReadResult result = read(files, reporter, stop, progress);
            afterRead.accept(files);
            return result;
        }
    }

    private ReadResult read(OrderedFiles files, Reporter reporter, StopRequest stop, Progress progress) {
        boolean noMatch = NoMatch.check(files, reporter);
        DefaultReaders.Choice forDisks = settings.reading().readers().count() != null ? null
                : DefaultReaders.forRun(files.walk().directories, files.plan().devices());
        Chosen chosen = choose(forDisks, files.walk(), files.os(), files.sequence().length, files.tally(), reporter);
        Bounds bounds = bounds(chosen.reading(), stop, reporter);
        long start = System.nanoTime();
        ReadPass.Result done;
        try (Progress.Shown line = progress == null ? null : progress.show(bounds.limits(), files)) {
            done = ReadPass.run(files.os(), files.walk(), files.sequence(), chosen.reading(), bounds.limits(), reporter);
        }
        return result(files, done, noMatch, System.nanoTime() - start, new Resolved(bounds, chosen), reporter, stop);
    }

    /**
     * The read while the walk goes on: its listing and ordering phases are the walk's and the order's
     * time, the reading phase what the read took beyond them (the phases add up to the time waited).
     * Readers as on a disk that does not rotate, or as given (StreamedRead#applies).
     */
    private ReadResult streamed(Reporter reporter, StopRequest stop, Progress progress,
                                Consumer<OrderedFiles> afterRead) {
        StreamedRead streamed = new StreamedRead(settings.selection(), reporter, stop);
        WalkResult walk = streamed.walkSoFar();
        DefaultReaders.Choice forDisks = settings.reading().readers().count() != null ? null
                : DefaultReaders.Choice.NOT_ROTATING;
        Chosen chosen = choose(forDisks, walk, streamed.os(), Integer.MAX_VALUE, streamed.tally(), reporter);
        Bounds bounds = bounds(chosen.reading(), stop, reporter);
        long start = System.nanoTime();
        Progress.Shown[] line = new Progress.Shown[1];
        StreamedRead.Done done;
        try {
            done = streamed.run(cursor -> ReadPass.run(streamed.os(), walk, cursor, chosen.reading(), bounds.limits(),
                    reporter),
                    files -> line[0] = progress == null ? null : progress.show(bounds.limits(), files));
        } finally {
            if (line[0] != null) {
                line[0].close();
            }
        }
        try (OrderedFiles files = done.files()) {
            boolean noMatch = NoMatch.check(files, reporter);
            long readingNanos = System.nanoTime() - start - files.listingNanos() - files.orderingNanos();
            ReadResult result = result(files, done.read(), noMatch, Math.max(0, readingNanos),
                    new Resolved(bounds, chosen), reporter, stop);
            afterRead.accept(files);
            return result;
        }
    }

    /** The readers the run takes: the reading settings with them resolved, the defaults they came from (null: -j given), their ring. */
    private record Chosen(Reading reading, DefaultReaders.Choice defaults, Ring ring) {
    }

    /**
     * The readers and their rings for a run of {@code files} files (MAX_VALUE: not known yet), from the
     * defaults for its disks ({@code forDisks}; null: -j given): a ring if the kernel gives one, else
     * one read at a time each; no more of either than the descriptors leave room for.
     */
    private Chosen choose(DefaultReaders.Choice forDisks, WalkResult walk, Os os, int files, Tally tally,
                          Reporter reporter) {
        Ring ring = ring(os, forDisks, reporter);
        DefaultReaders.Choice defaults = ring.depth() > 0 || forDisks == null ? forDisks : forDisks.withoutRing();
        int readers = readers(walk, os, files, defaults, reporter);
        Reading reading = resolved(readers, depthWithin(ring.depth(), readers, walk, os), tally, reporter);
        return new Chosen(reading, defaults, ring.withDepth(reading.readers().ringDepth()));
    }

    /** The reading settings with {@code readers} and their ring's {@code depth} resolved; a --replay's snapshot told first. */
    private Reading resolved(int readers, int depth, Tally tally, Reporter reporter) {
        Replay replay = settings.replay();
        if (replay != null) {
            replay.reportTo(reporter, tally);
        }
        Reading reading = settings.reading();
        return reading.withReaders(reading.readers().withCount(readers).withDepth(depth));
    }

    /** The reads in flight in each reader's ring, 0 for none; {@code refused}: why the kernel refused one, or null. */
    public record Ring(int depth, String refused) {
        Ring withDepth(int depth) {
            return new Ring(depth, refused);
        }
    }

    /**
     * The reads each reader keeps in flight in a ring: --depth, else the default's for the disks (none
     * with -j given). None for a read a ring does not serve: --method willneed, --range, --replay,
     * --max-bytes, --bwlimit, --prefetch read as before, one read at a time each. Where the kernel
     * refuses a ring (tried once, here: a seccomp filter, kernel.io_uring_disabled), none, which only
     * -v and the JSON record tell.
     */
    private Ring ring(Os os, DefaultReaders.Choice forDisks, Reporter reporter) {
        Reading reading = settings.reading();
        Readers given = reading.readers();
        int depth = given.depth() != null ? given.depth() : forDisks == null ? 0 : forDisks.depth();
        ReadSettings.Limits limits = settings.limits();
        if (depth == 0 || reading.method() != ReadMethod.READ || reading.wanted() != Wanted.WHOLE
                || limits.maxBytes() != null || limits.maxBytesAuto() || limits.bwlimit() > 0 || given.prefetch() > 0) {
            return new Ring(0, null);
        }
        try {
            os.readRing(1, 4096).close();
            return new Ring(depth, null);
        } catch (SysException e) {
            if (reporter.verbose()) {
                reporter.line("reads: one at a time each: the kernel refused io_uring (" + e.getMessage() + ")");
            }
            return new Ring(0, "io_uring_setup: " + e.getMessage());
        }
    }

    /**
     * No more files in flight in the rings than the descriptors left allow, each holding one open, and
     * each ring one of its own (as {@link #readers} has no more readers than that); at least one each.
     * A reader whose open found no descriptor would wait for its own ring's files (scan's
     * OnDescriptorShortage waits for other readers to close theirs).
     */
    private static int depthWithin(int depth, int readers, WalkResult walk, Os os) {
        if (depth == 0) {
            return 0;
        }
        long free = os.descriptorLimit() - os.descriptorsInUse() - walk.handles.room();
        long forFiles = DefaultReaders.withinDescriptors(Integer.MAX_VALUE, 0, free) - readers;
        return (int) Math.max(1, Math.min(depth, forFiles / readers));
    }

    /** What the run resolved before the read: its limits, and its readers with their ring. */
    private record Resolved(Bounds bounds, Chosen chosen) {
    }

    /** The read's limits, and what --max-bytes auto made its bound of (or null). */
    private record Bounds(ReadLimits limits, Long maxBytes, AutoBound fitted) {
    }

    private Bounds bounds(Reading resolved, StopRequest stop, Reporter reporter) {
        Replay replay = settings.replay();
        AvailableMemory.Bound room = AvailableMemory.forPageCache();
        AutoBound fitted = settings.limits().maxBytesAuto() ? new AutoBound(room, buffers(resolved) + OWN_GROWTH) : null;
        Long maxBytes = fitted == null ? settings.limits().maxBytes() : bound(fitted);
        ReadLimits limits = new ReadLimits(settings.limits().bwlimit(), maxBytes == null ? 0 : maxBytes, stop);
        stop.counting(() -> Units.count(limits.files(), "file", "files") + " done, " + Units.bytes(limits.bytes()) + " read");
        MemoryNotice.announce(room, replay == null ? -1 : replay.residentBytes(), maxBytes, limits, reporter);
        return new Bounds(limits, maxBytes, fitted);
    }

    private ReadResult result(OrderedFiles files, ReadPass.Result done, boolean noMatch, long readingNanos,
                              Resolved resolved, Reporter reporter, StopRequest stop) {
        Bounds bounds = resolved.bounds();
        DefaultReaders.Choice defaults = resolved.chosen().defaults();
        Tally tally = files.tally();
        WalkResult walk = files.walk();
        tally.add(done.tally());
        long locating = files.locatingNanos();
        // After the read, so that locating every file does not warm the cache the read is timed on; and
        // left out of the times, since it is not part of bringing the files in.
        LocateAll.Result locatedAfter = settings.seekDistance() && !stop.stopped()
                ? LocateAll.run(files.os(), walk, files.plan(), settings.selection().order(), reporter, stop)
                : null;
        ExitCode exit = ExitCode.of(walk, tally, stop.signal(), noMatch);
        PassFacts facts = PassFacts.of(files, settings.reading().method().key(), exit, stop,
                new PassFacts.Phase("locating", locating), new PassFacts.Phase("reading", readingNanos));
        ReadLimits limits = bounds.limits();
        ReadResult.Bound bound = new ReadResult.Bound(bounds.maxBytes(), limits.boundReached(), limits.partRead(),
                bounds.fitted());
        ReadResult.Pass pass = new ReadResult.Pass(done.readers(), files.os().fallbackReason(), done.residency(), bound,
                resolved.chosen().ring());
        return new ReadResult(facts, settings, pass, new ReadResult.Ordering(files.plan().devices(), locatedAfter,
                defaults == null ? null : defaults.reason()));
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
    private static long buffers(Reading reading) {
        Readers r = reading.readers();
        return reading.method() == ReadMethod.READ ? (long) r.count() * r.bufferSize() : 0;
    }

    /**
     * No more readers than files ({@code files}: how many, MAX_VALUE if not known yet), a thread started
     * for nothing costs its start; but enough for one big file, whose chunks they share; and no more than
     * the descriptor limit leaves room for, beside the directory handles the walk may still open.
     * {@code defaults}: the default readers, where -j is not given.
     */
    private int readers(WalkResult walk, Os os, int files, DefaultReaders.Choice defaults, Reporter reporter) {
        Readers given = settings.reading().readers();
        int asked = Math.max(1, Math.min(defaults == null ? given.count() : defaults.readers(),
                Math.max(files, DefaultReaders.FOR_ONE_BIG_FILE)));
        int readers = DefaultReaders.withinDescriptors(asked, given.prefetch(),
                os.descriptorLimit() - os.descriptorsInUse() - walk.handles.room());
        if (readers < asked && given.count() != null) {
            reporter.warning(String.format(Locale.ROOT, "%d readers, not %d: the descriptor limit (ulimit -n %d) "
                    + "leaves room for no more", readers, asked, os.descriptorLimit()));
        }
        return readers;
    }
}
