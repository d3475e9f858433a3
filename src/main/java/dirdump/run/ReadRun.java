package dirdump.run;

import dirdump.order.LocateAll;
import dirdump.outcome.Reporter;
import dirdump.outcome.StopRequest;
import dirdump.outcome.Tally;
import dirdump.outcome.Units;
import dirdump.read.DefaultJobs;
import dirdump.read.ReadLimits;
import dirdump.read.ReadPass;
import dirdump.read.ReadPlan;
import dirdump.read.Wanted;
import dirdump.scan.WalkResult;
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

    private final OrderedFilesSettings select;
    private final ReadSettings read;

    public ReadRun(OrderedFilesSettings select, ReadSettings read) {
        this.select = select;
        this.read = read;
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
        try (OrderedFiles files = OrderedFiles.of(select, reporter, stop)) {
            ReadResult result = read(files, reporter, stop, progress);
            afterRead.accept(files);
            return result;
        }
    }

    private ReadResult read(OrderedFiles files, Reporter reporter, StopRequest stop, Progress progress) {
        Tally tally = files.tally();
        WalkResult walk = files.walk();
        boolean noMatch = NoMatch.check(files, reporter);
        int readers = readers(files, reporter);
        ReadPlan plan = new ReadPlan(read.bufferSize(), readers, read.method(), read.prefetch(), !read.force(),
                read.ioPriority(), read.summarized(), wanted(reporter, tally));
        ReadLimits limits = new ReadLimits(read.bwlimit(), read.maxBytes() == null ? 0 : read.maxBytes(), stop);
        stop.counting(() -> Units.count(limits.files(), "file", "files") + " done, " + Units.bytes(limits.bytes()) + " read");
        MemoryNotice.announce(read.replay() == null ? -1 : read.replay().residentBytes(), read.maxBytes(), limits,
                reporter);
        long start = System.nanoTime();
        ReadPass.Result done;
        try (Progress.Shown line = progress == null ? null : progress.show(limits, files)) {
            done = ReadPass.run(files.os(), walk, files.sequence(), plan, limits, reporter);
        }
        tally.add(done.tally());
        long reading = System.nanoTime() - start;
        long locating = files.locatingNanos();
        // After the read, so that locating every file does not warm the cache the read is timed on; and
        // left out of the times, since it is not part of bringing the files in.
        LocateAll.Result locatedAfter = read.seekDistance() && !stop.stopped()
                ? LocateAll.run(files.os(), walk, files.plan(), select.order(), reporter, stop) : null;
        ExitCode exit = ExitCode.of(walk, tally, stop.signal(), noMatch);
        PassFacts facts = PassFacts.of(files, read.method().key(), exit, stop,
                new PassFacts.Phase("locating", locating), new PassFacts.Phase("reading", reading));
        return new ReadResult(facts, done.readers(), read.bufferSize(), files.plan().devices(), locatedAfter,
                done.residency(), read.maxBytes(), limits.boundReached(), limits.partRead(), read.replay(),
                files.os().fallbackReason());
    }

    /**
     * No more readers than files, a thread started for nothing costs its start; but enough for one big
     * file, whose chunks they share; and no more than the descriptor limit leaves room for.
     */
    private int readers(OrderedFiles files, Reporter reporter) {
        WalkResult walk = files.walk();
        int asked = Math.max(1, Math.min(read.jobs() != null ? read.jobs() : DefaultJobs.forRoots(walk.directories),
                Math.max(files.sequence().length, DefaultJobs.FOR_ONE_BIG_FILE)));
        Os os = files.os();
        int readers = DefaultJobs.withinDescriptors(asked, read.prefetch(),
                os.descriptorLimit() - os.descriptorsInUse() - walk.handles.room());
        if (readers < asked && read.jobs() != null) {
            reporter.warning(String.format(Locale.ROOT, "%d readers, not %d: the descriptor limit (ulimit -n %d) "
                    + "leaves room for no more", readers, asked, os.descriptorLimit()));
        }
        return readers;
    }

    /** Which bytes of each file to bring in: a snapshot's, a --range, or all. */
    private Wanted wanted(Reporter reporter, Tally tally) {
        if (read.replay() != null) {
            read.replay().reportTo(reporter, tally);
            return read.replay();
        }
        return read.range() == null ? Wanted.WHOLE : (path, st) -> read.range().in(st.size);
    }
}
