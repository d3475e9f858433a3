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

    /**
     * {@code stop}: ends the walk or the read early, with the result of what was done; {@code progress}: or null.
     * With no order asked for, the read starts while the walk goes on (StreamedRead); else it waits for
     * the global order.
     */
    public ReadResult run(Reporter reporter, StopRequest stop, Progress progress) {
        if (StreamedRead.applies(select, read)) {
            return streamed(reporter, stop, progress);
        }
        try (OrderedFiles files = OrderedFiles.of(select, reporter, stop)) {
            return read(files, reporter, stop, progress);
        }
    }

    private ReadResult read(OrderedFiles files, Reporter reporter, StopRequest stop, Progress progress) {
        boolean noMatch = NoMatch.check(files, reporter);
        ReadPlan plan = plan(readers(files.walk(), files.os(), files.sequence().length, reporter), reporter,
                files.tally());
        ReadLimits limits = limits(stop, reporter);
        long start = System.nanoTime();
        ReadPass.Result done;
        try (Progress.Shown line = progress == null ? null : progress.show(limits, files)) {
            done = ReadPass.run(files.os(), files.walk(), files.sequence(), plan, limits, reporter);
        }
        return result(files, done, noMatch, System.nanoTime() - start, limits, reporter, stop);
    }

    /**
     * The read while the walk goes on: its listing and ordering phases are the walk's and the order's
     * time, the reading phase what the read took beyond them (the phases add up to the time waited).
     */
    private ReadResult streamed(Reporter reporter, StopRequest stop, Progress progress) {
        StreamedRead streamed = new StreamedRead(select, reporter, stop);
        WalkResult walk = streamed.walkSoFar();
        ReadPlan plan = plan(readers(walk, streamed.os(), Integer.MAX_VALUE, reporter), reporter, streamed.tally());
        ReadLimits limits = limits(stop, reporter);
        long start = System.nanoTime();
        Progress.Shown[] line = new Progress.Shown[1];
        StreamedRead.Done done;
        try {
            done = streamed.run(cursor -> ReadPass.run(streamed.os(), walk, cursor, plan, limits, reporter),
                    files -> line[0] = progress == null ? null : progress.show(limits, files));
        } finally {
            if (line[0] != null) {
                line[0].close();
            }
        }
        try (OrderedFiles files = done.files()) {
            boolean noMatch = NoMatch.check(files, reporter);
            long reading = System.nanoTime() - start - files.listingNanos() - files.orderingNanos();
            return result(files, done.read(), noMatch, Math.max(0, reading), limits, reporter, stop);
        }
    }

    private ReadPlan plan(int readers, Reporter reporter, Tally tally) {
        return new ReadPlan(read.bufferSize(), readers, read.method(), read.prefetch(), !read.force(),
                read.ioPriority(), read.summarized(), wanted(reporter, tally));
    }

    private ReadLimits limits(StopRequest stop, Reporter reporter) {
        ReadLimits limits = new ReadLimits(read.bwlimit(), read.maxBytes() == null ? 0 : read.maxBytes(), stop);
        stop.counting(() -> Units.count(limits.files(), "file", "files") + " done, " + Units.bytes(limits.bytes()) + " read");
        MemoryNotice.announce(read.replay() == null ? -1 : read.replay().residentBytes(), read.maxBytes(), limits,
                reporter);
        return limits;
    }

    private ReadResult result(OrderedFiles files, ReadPass.Result done, boolean noMatch, long reading,
                              ReadLimits limits, Reporter reporter, StopRequest stop) {
        Tally tally = files.tally();
        WalkResult walk = files.walk();
        tally.add(done.tally());
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
     * No more readers than files ({@code files}: how many, MAX_VALUE if not known yet), a thread started
     * for nothing costs its start; but enough for one big file, whose chunks they share; and no more than
     * the descriptor limit leaves room for, beside the directory handles the walk may still open.
     */
    private int readers(WalkResult walk, Os os, int files, Reporter reporter) {
        int asked = Math.max(1, Math.min(read.jobs() != null ? read.jobs() : DefaultJobs.forRoots(walk.directories),
                Math.max(files, DefaultJobs.FOR_ONE_BIG_FILE)));
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
