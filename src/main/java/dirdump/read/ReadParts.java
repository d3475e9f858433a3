package dirdump.read;

import dirdump.cache.CachedReads;
import dirdump.cache.ResidencyChange;
import dirdump.outcome.Tally;
import dirdump.proc.WorkerThreads;
import dirdump.scan.FileOpener;
import dirdump.scan.WalkResult;
import dirdump.sys.Os;
import dirdump.sys.Processes;
import dirdump.sys.ReadRing;
import dirdump.sys.SysException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Makes the parts of each thread of a run, all taking files from the one cursor of {@code run}, and keeps
 * what each counts ({@code tallies}, {@code residencies}) for the sum. Parts are made in the thread
 * that starts the one they are for (a thread refused makes none).
 */
final class ReadParts {
    private final Os os;
    private final WalkResult walk;
    /** What every thread's FileWarmer takes alike. */
    private final FileWarmer.Run run;
    /** The big files the readers share (see SharedFile). */
    private final SharedFiles shared = new SharedFiles();
    private final List<Tally> tallies = new ArrayList<>();
    private final List<ResidencyChange> residencies = new ArrayList<>();

    ReadParts(Os os, WalkResult walk, FileWarmer.Run run) {
        this.os = os;
        this.walk = walk;
        this.run = run;
    }

    ReadPlan plan() {
        return run.plan();
    }

    ReadLimits limits() {
        return run.limits();
    }

    SharedFiles shared() {
        return shared;
    }

    /** The threads of a layout: each at the readers' I/O priority, if they have one. */
    WorkerThreads threads() {
        return run.plan().ioPriority() == null ? new WorkerThreads() : new WorkerThreads(this::setIoPriority);
    }

    /** Warns once if the system refused threads: the run goes on with those it started. */
    void warnIfRefused(WorkerThreads threads) {
        if (threads.refused() > 0) {
            run.reporter().warning("could start only " + threads.started() + " of " + (threads.started() + threads.refused())
                    + " threads (" + threads.refusal() + "); going on with those");
        }
    }

    /**
     * A reader, which opens its own files, or is handed them (--prefetch); beside other readers with
     * READ, it shares big ones with them, but not under --max-bytes, where each file reserves the bound
     * for itself (see SpanReader).
     */
    synchronized FileWarmer reader() {
        ReadPlan plan = run.plan();
        ReadLimits limits = run.limits();
        SpanReader reader = plan.engine() != ReadPlan.Engine.ADVICE
                ? new SpanReader(os.allocate(limits.readSize(plan.bufferSize(), plan.readers())), limits) : null;
        return warmer(reader, plan.shares() ? shared : null,
                plan.engine() == ReadPlan.Engine.RING ? this::ring : Optional::empty);
    }

    /**
     * A ring for the reader whose thread asks (see FileWarmer#run), with its own page-aligned buffers;
     * none where the kernel refuses it now (the run found it would: ReadRun; this reader then reads one
     * read at a time).
     */
    private Optional<ReadRing> ring() {
        try {
            return Optional.of(os.readRing(run.plan().depth(), run.plan().bufferSize()));
        } catch (SysException e) {
            return Optional.empty();
        }
    }

    /** An opener (--prefetch): it only checks and advises, so it needs no buffer. */
    synchronized FileWarmer opener() {
        return warmer(null, null, Optional::empty);
    }

    /** What every part counted. */
    synchronized ReadPass.Result sum(int readers) {
        ReadPass.Result total = new ReadPass.Result(new Tally(), new ResidencyChange(), readers);
        tallies.forEach(total.tally()::add);
        residencies.forEach(total.residency()::add);
        return total;
    }

    private FileWarmer warmer(SpanReader reader, SharedFiles sharing, Supplier<Optional<ReadRing>> ring) {
        Tally tally = new Tally();
        tallies.add(tally);
        ResidencyChange residency = new ResidencyChange();
        residencies.add(residency);
        CacheMeter meter = new CacheMeter(new CachedReads(os), residency, run.plan().reading().measureAfter());
        return new FileWarmer(run, new FileWarmer.Own(new FileOpener(os, walk, run.reporter(), FileOpener.Use.READ),
                reader, meter, tally, ring), sharing);
    }

    private void setIoPriority() {
        try {
            IoPriority priority = run.plan().ioPriority();
            Processes.load().setIoPriority(priority.ioClass(), priority.level());
        } catch (SysException e) {
            run.reporter().warning("--ionice " + run.plan().ioPriority() + ": " + e.getMessage());
        }
    }
}
