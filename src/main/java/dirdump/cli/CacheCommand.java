package dirdump.cli;

import dirdump.cache.ResidencyProbe;
import dirdump.report.RunRecord;
import dirdump.report.StderrReporter;
import dirdump.run.ExitCode;
import dirdump.run.NoMatch;
import dirdump.run.OrderedFiles;
import dirdump.run.PassFacts;
import dirdump.scan.SequenceCursor;
import dirdump.scan.StopRequest;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * What `status` and `evict` share: they walk and order like a read, measure each file's residency,
 * and read nothing. Each stops at a signal with the summary of what was done; each declares its PATH
 * parameter, for its own description, and does its work on the files selected ({@link #run}).
 */
abstract class CacheCommand implements Callable<Integer> {
    @ParentCommand
    DirdumpCommand parent;

    @Mixin
    WalkOptions walk;

    @Mixin
    ListOptions list;

    @Mixin
    ProbeOptions probeOptions;

    @Mixin
    OutputOptions output;

    @Spec
    CommandSpec spec;

    /** What {@link #beforeWalk} opened, closed once the command is done. */
    interface Opened extends AutoCloseable {
        @Override
        void close();
    }

    /** The PATHs given. */
    abstract List<String> paths();

    /**
     * Refuses what picocli cannot, and opens what must be open before the walk (status --save's FILE,
     * so that one that cannot be written is told at once). This checks and opens nothing.
     */
    Opened beforeWalk() {
        return () -> { };
    }

    /** The command's work on the files selected, and its summary: the exit status. */
    abstract int run(Pass pass);

    @Override
    public final Integer call() {
        StopRequest stop = new StopRequest();
        try (StopOnSignal signals = new StopOnSignal(stop)) {
            RunRecord record = new RunRecord(spec.name(), paths());
            StderrReporter reporter = new StderrReporter(parent.err, output.verbosity());
            try (Opened opened = beforeWalk(); OrderedFiles selection = select(reporter, stop)) {
                return run(new Pass(selection, reporter, stop, new ResidencyProbe(probeOptions.method), record,
                        NoMatch.check(selection, reporter)));
            }
        }
    }

    private OrderedFiles select(StderrReporter reporter, StopRequest stop) {
        parent.refusePathsBefore(spec.name(), spec);
        return OrderedFiles.of(walk.select(paths(), parent.in, list.nul), reporter, stop);
    }

    /** Whether the summary is for people, on stderr: not with --json, nor with -q. */
    boolean forPeople() {
        return !output.json && output.verbosity() != StderrReporter.Verbosity.QUIET;
    }

    /** The JSON record with the walk's settings and the method used; the command adds its own after. */
    RunRecord settings(Pass pass) {
        walk.describe(pass.record());
        return pass.record().setting("method", pass.probe().methodUsed());
    }

    /**
     * One run of the command: the files selected, and what its summary tells besides its own numbers.
     * {@code noMatch}: whether the filters left out every file (said already).
     */
    record Pass(OrderedFiles selection, StderrReporter reporter, StopRequest stop, ResidencyProbe probe, RunRecord record,
                boolean noMatch) {
        /** Two cores measure twice as fast; with -v, one thread keeps the per-file lines in order. */
        int threads() {
            return reporter.verbose() ? 1 : SequenceCursor.threads(selection.sequence().length, 4);
        }

        /** The exit status of the run as it went, before the command's own checks. */
        ExitCode exit() {
            return ExitCode.of(selection.listing(), selection.tally(), stop.signal(), noMatch);
        }

        /** {@code work}: the command's phase ("measuring"), which took {@code workNanos}. */
        PassFacts summary(String work, long workNanos, ExitCode exit) {
            return PassFacts.of(selection, probe.methodUsed(), work, workNanos, exit, stop);
        }
    }
}
