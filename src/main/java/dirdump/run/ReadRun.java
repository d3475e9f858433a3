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
import dirdump.scan.WalkResult;
import dirdump.sys.AvailableMemory;
import dirdump.sys.Os;
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
        try (OrderedFiles files = OrderedFiles.of(settings.selection(), reporter, stop)) {
            ReadResult result = read(files, reporter, stop, progress);
            afterRead.accept(files);
            return result;
        }
    }

    private ReadResult read(OrderedFiles files, Reporter reporter, StopRequest stop, Progress progress) {
        Tally tally = files.tally();
        WalkResult walk = files.walk();
        boolean noMatch = NoMatch.check(files, reporter);
        Reading reading = settings.reading();
        DefaultReaders.Choice defaults = reading.readers().count() != null ? null
                : DefaultReaders.forRun(walk.directories, files.plan().devices());
        int readers = readers(files, defaults, reporter);
        Reading resolved = reading.withReaders(reading.readers().withCount(readers));
        Replay replay = settings.replay();
        if (replay != null) {
            replay.reportTo(reporter, tally);
        }
        AvailableMemory.Bound room = AvailableMemory.forPageCache();
        AvailableMemory.Bound fitted = settings.limits().maxBytesAuto() ? room : null;
        Long maxBytes = fitted == null ? settings.limits().maxBytes() : bound(fitted, buffers(resolved));
        ReadLimits limits = new ReadLimits(settings.limits().bwlimit(), maxBytes == null ? 0 : maxBytes, stop);
        stop.counting(() -> Units.count(limits.files(), "file", "files") + " done, " + Units.bytes(limits.bytes()) + " read");
        MemoryNotice.announce(room, replay == null ? -1 : replay.residentBytes(), maxBytes, limits, reporter);
        long start = System.nanoTime();
        ReadPass.Result done;
        try (Progress.Shown line = progress == null ? null : progress.show(limits, files)) {
            done = ReadPass.run(files.os(), walk, files.sequence(), resolved, limits, reporter);
        }
        tally.add(done.tally());
        long readingNanos = System.nanoTime() - start;
        long locating = files.locatingNanos();
        // After the read, so that locating every file does not warm the cache the read is timed on; and
        // left out of the times, since it is not part of bringing the files in.
        LocateAll.Result locatedAfter = settings.seekDistance() && !stop.stopped()
                ? LocateAll.run(files.os(), walk, files.plan(), settings.selection().order(), reporter, stop) : null;
        ExitCode exit = ExitCode.of(walk, tally, stop.signal(), noMatch);
        PassFacts facts = PassFacts.of(files, reading.method().key(), exit, stop,
                new PassFacts.Phase("locating", locating), new PassFacts.Phase("reading", readingNanos));
        ReadResult.Bound bound = new ReadResult.Bound(maxBytes, limits.boundReached(), limits.partRead(),
                fitted == null ? null : AutoBound.of(fitted));
        ReadResult.Pass pass = new ReadResult.Pass(done.readers(), files.os().fallbackReason(), done.residency(), bound);
        return new ReadResult(facts, settings, pass, new ReadResult.Ordering(files.plan().devices(), locatedAfter,
                defaults == null ? null : defaults.reason()));
    }

    /**
     * --max-bytes auto's bound: the room there is now, less the page cache the room counts as free (it
     * may be the set's own pages, cached by an earlier run: reading that much more would evict them; which
     * pages it holds cannot be told before the read, whose readers reserve the bound in parallel) and the
     * readers' buffers, which are taken from it as the read starts. Null where nothing bounds it; at least
     * a byte, since 0 is no bound to ReadLimits: a full cgroup gets one page.
     */
    private static Long bound(AvailableMemory.Bound room, long buffers) {
        return room.bytes() == Long.MAX_VALUE ? null
                : Math.max(1, room.bytes() - Math.min(room.pageCache(), room.bytes()) - buffers);
    }

    /** The memory the readers' buffers take: one each, allocated at the start (none to advise). */
    private static long buffers(Reading reading) {
        Readers r = reading.readers();
        return reading.method() == ReadMethod.READ ? (long) r.count() * r.bufferSize() : 0;
    }

    /**
     * No more readers than files, a thread started for nothing costs its start; but enough for one big
     * file, whose chunks they share; and no more than the descriptor limit leaves room for.
     * {@code defaults}: the default readers, where -j is not given.
     */
    private int readers(OrderedFiles files, DefaultReaders.Choice defaults, Reporter reporter) {
        WalkResult walk = files.walk();
        Readers given = settings.reading().readers();
        int asked = Math.max(1, Math.min(defaults == null ? given.count() : defaults.readers(),
                Math.max(files.sequence().length, DefaultReaders.FOR_ONE_BIG_FILE)));
        Os os = files.os();
        int readers = DefaultReaders.withinDescriptors(asked, given.prefetch(),
                os.descriptorLimit() - os.descriptorsInUse() - walk.handles.room());
        if (readers < asked && given.count() != null) {
            reporter.warning(String.format(Locale.ROOT, "%d readers, not %d: the descriptor limit (ulimit -n %d) "
                    + "leaves room for no more", readers, asked, os.descriptorLimit()));
        }
        return readers;
    }
}
