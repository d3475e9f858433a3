package dirdump.read;

import dirdump.cache.CachedReads;
import dirdump.cache.ResidencyChange;
import dirdump.order.SequenceCursor;
import dirdump.outcome.Reporter;
import dirdump.outcome.Tally;
import dirdump.proc.WorkerThreads;
import dirdump.scan.FileOpener;
import dirdump.scan.WalkResult;
import dirdump.sys.Os;
import dirdump.sys.Processes;
import dirdump.sys.SysException;
import java.util.ArrayList;
import java.util.List;

/**
 * Makes the parts of each thread of a run, all taking files from the one {@code cursor}, and keeps
 * what each counts ({@code tallies}, {@code residencies}) for the sum. Parts are made in the thread
 * that starts the one they are for (a thread refused makes none).
 */
record ReadParts(Os os, WalkResult walk, Reading reading, ReadLimits limits, Reporter reporter, SequenceCursor cursor,
                 SharedFiles shared, List<Tally> tallies, List<ResidencyChange> residencies) {
    ReadParts(Os os, WalkResult walk, SequenceCursor cursor, Reading reading, ReadLimits limits, Reporter reporter) {
        this(os, walk, reading, limits, reporter, cursor, new SharedFiles(), new ArrayList<>(),
                new ArrayList<>());
    }

    /** The threads of a layout: each at the readers' I/O priority, if they have one. */
    WorkerThreads threads() {
        return reading.readers().ioPriority() == null ? new WorkerThreads() : new WorkerThreads(this::setIoPriority);
    }

    /** Warns once if the system refused threads: the run goes on with those it started. */
    void warnIfRefused(WorkerThreads threads) {
        if (threads.refused() > 0) {
            reporter.warning("could start only " + threads.started() + " of " + (threads.started() + threads.refused())
                    + " threads (" + threads.refusal() + "); going on with those");
        }
    }

    /**
     * A reader, which opens its own files, or is handed them (--prefetch); beside other readers with
     * READ, it shares big ones with them, but not under --max-bytes, where each file reserves the bound
     * for itself (see SpanReader).
     */
    synchronized FileWarmer reader() {
        Readers readers = reading.readers();
        SpanReader reader = reading.method() == ReadMethod.READ
                ? new SpanReader(os.allocate(limits.readSize(readers.bufferSize(), readers.count())), limits) : null;
        return warmer(reader,
                readers.count() > 1 && reading.method() == ReadMethod.READ && !limits.bounded() ? shared : null);
    }

    /** An opener (--prefetch): it only checks and advises, so it needs no buffer. */
    synchronized FileWarmer opener() {
        return warmer(null, null);
    }

    /** What every part counted. */
    synchronized ReadPass.Result sum(int readers) {
        ReadPass.Result total = new ReadPass.Result(new Tally(), new ResidencyChange(), readers);
        tallies.forEach(total.tally()::add);
        residencies.forEach(total.residency()::add);
        return total;
    }

    private FileWarmer warmer(SpanReader reader, SharedFiles sharing) {
        Tally tally = new Tally();
        tallies.add(tally);
        ResidencyChange residency = new ResidencyChange();
        residencies.add(residency);
        CacheMeter meter = new CacheMeter(new CachedReads(os), residency, reading.measureAfter());
        return new FileWarmer(cursor, new FileOpener(os, walk, reporter, FileOpener.Use.READ), reading, limits,
                reader, meter, tally, reporter, sharing);
    }

    private void setIoPriority() {
        try {
            IoPriority priority = reading.readers().ioPriority();
            Processes.load().setIoPriority(priority.ioClass(), priority.level());
        } catch (SysException e) {
            reporter.warning("--ionice " + reading.readers().ioPriority() + ": " + e.getMessage());
        }
    }
}
