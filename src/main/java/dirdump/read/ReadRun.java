package dirdump.read;

import dirdump.cache.BeforeAfter;
import dirdump.outcome.Reporter;
import dirdump.outcome.Tally;
import dirdump.scan.FileOpener;
import dirdump.scan.Listing;
import dirdump.scan.SharedCursor;
import dirdump.scan.WorkerThreads;
import dirdump.sys.Os;
import dirdump.sys.SysException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the files in sequence order, all threads taking them from one shared cursor, by the layout the
 * plan asks for: one reader in the caller's thread, readers in parallel, or openers ahead of readers
 * (--prefetch). Makes each thread's parts, and adds up what they counted.
 */
public final class ReadRun {
    /** What the workers counted, the residency before and after, and how many readers read (fewer than asked if the system refused threads). */
    public record Result(Tally tally, BeforeAfter residency, int readers) {
    }

    private final Os os;
    private final Listing listing;
    private final ReadPlan plan;
    private final ReadControl control;
    private final Reporter reporter;
    private final SharedCursor cursor;
    private final SharedFiles shared = new SharedFiles();
    private final List<Tally> tallies = new ArrayList<>();
    private final List<BeforeAfter> residencies = new ArrayList<>();

    private ReadRun(Os os, Listing listing, int[] sequence, ReadPlan plan, ReadControl control, Reporter reporter) {
        this.os = os;
        this.listing = listing;
        this.cursor = new SharedCursor(sequence);
        this.plan = plan;
        this.control = control;
        this.reporter = reporter;
    }

    public static Result run(Os os, Listing listing, int[] sequence, ReadPlan plan, ReadControl control,
                             Reporter reporter) {
        return new ReadRun(os, listing, sequence, plan, control, reporter).run();
    }

    private Result run() {
        ReadLayout layout = plan.jobs() == 1 && plan.ioPriority() == null ? new CallerReads()
                : plan.prefetch() == 0 || plan.method() == ReadMethod.WILLNEED ? new ParallelReaders()
                : new PrefetchPipeline();
        int readers = layout.read(this);
        if (readers == 0) {
            readers = new CallerReads().read(this);  // no reading thread could be started: the caller's reads what is left
        }
        shared.closeUnfinished();
        Result total = new Result(new Tally(), new BeforeAfter(), readers);
        tallies.forEach(total.tally()::add);
        residencies.forEach(total.residency()::add);
        return total;
    }

    ReadPlan plan() {
        return plan;
    }

    ReadControl control() {
        return control;
    }

    /** The threads of a layout: each at the plan's I/O priority, if it has one. */
    WorkerThreads threads() {
        return plan.ioPriority() == null ? new WorkerThreads() : new WorkerThreads(this::setIoPriority);
    }

    /** Warns once if the system refused threads: the run goes on with those it started. */
    void warnIfRefused(WorkerThreads threads) {
        if (threads.refused() > 0) {
            reporter.warning("could start only " + threads.started() + " of " + (threads.started() + threads.refused())
                    + " threads (" + threads.refusal() + "); going on with those");
        }
    }

    /** A reader that opens its own files; beside other readers with READ, it shares big ones with them. */
    synchronized OpeningReader openingReader() {
        Tally tally = tally();
        CacheMeter meter = meter();
        return new OpeningReader(intake(tally, meter), warmer(tally, meter), control,
                plan.jobs() > 1 && plan.method() == ReadMethod.READ ? shared : null);
    }

    /** What an opener takes its files with: it only checks and advises, so it needs no buffer. */
    synchronized FileIntake intake() {
        return intake(tally(), meter());
    }

    /** What a reader handed open files brings them in with. */
    synchronized FileWarmer warmer() {
        return warmer(tally(), meter());
    }

    private FileIntake intake(Tally tally, CacheMeter meter) {
        return new FileIntake(cursor, new FileOpener(os, listing, reporter, "not read"),
                new MissingPages(plan, meter, tally, reporter), tally, control, plan);
    }

    private FileWarmer warmer(Tally tally, CacheMeter meter) {
        SpanReader reader = plan.method() == ReadMethod.READ
                ? new SpanReader(os.allocate(control.readSize(plan.bufferSize(), plan.jobs())), control, tally) : null;
        return new FileWarmer(plan.method(), reader, meter, tally, reporter, control);
    }

    private Tally tally() {
        Tally t = new Tally();
        tallies.add(t);
        return t;
    }

    private CacheMeter meter() {
        BeforeAfter residency = new BeforeAfter();
        residencies.add(residency);
        return new CacheMeter(residency, plan.measureAfter());
    }

    private void setIoPriority() {
        try {
            os.setIoPriority(plan.ioPriority().ioClass(), plan.ioPriority().level());
        } catch (SysException e) {
            reporter.warning("--ionice " + plan.ioPriority() + ": " + e.getMessage());
        }
    }
}
