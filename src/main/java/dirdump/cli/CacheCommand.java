package dirdump.cli;

import dirdump.cache.ResidencyProbe;
import dirdump.outcome.StopRequest;
import dirdump.proc.StopOnSignal;
import dirdump.report.RunRecord;
import dirdump.report.StderrReporter;
import dirdump.run.CachePass;
import dirdump.run.NoMatch;
import dirdump.run.OrderedFiles;
import dirdump.sys.Host;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;

/**
 * What `status` and `evict` share: they walk and order like a read, measure each file's residency,
 * and read nothing. Each stops at a signal with the summary of what was done; each describes its PATH
 * parameter in its own words, and does its work on the files selected ({@link #run}).
 */
abstract class CacheCommand implements Callable<Integer> {
    final DirdumpCommand parent;
    final WalkOptions walk = new WalkOptions();
    private final ListOptions list = new ListOptions();
    private final ProbeOptions probeOptions = new ProbeOptions();
    final OutputOptions output = new OutputOptions();
    /** The PATHs given: each command describes them in its own words ({@link #addPaths}). */
    private final Value<List<String>> paths = new Value<>(null);

    final CommandSpec spec;

    /** The model with the options both share; the command adds its PATHs, its own options, then -h and -V. */
    CacheCommand(DirdumpCommand parent, String name, String[] description, String[] footer) {
        this.parent = parent;
        spec = CommandSpecs.of(this, name, description, footer);
        walk.addTo(spec);
        list.addTo(spec);
        probeOptions.addTo(spec);
        output.addTo(spec);
    }

    /** Adds the PATH parameter, {@code description} what the command does with them. */
    void addPaths(String description) {
        spec.addPositional(CommandSpecs.words(paths, "PATH", "0..*", description));
    }

    /** What {@link #beforeWalk} opened, closed once the command is done. */
    interface Opened extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Refuses what picocli cannot, and opens what must be open before the walk (status --save's FILE,
     * so that one that cannot be written is told at once). This checks and opens nothing.
     */
    Opened beforeWalk() {
        return () -> { };
    }

    /**
     * The command's pass over the files selected, and its summary: the exit status. {@code reporter}:
     * the pass's, which renders; {@code record}: the JSON record begun.
     */
    abstract int run(CachePass pass, StderrReporter reporter, RunRecord record);

    @Override
    public final Integer call() {
        parent.beforeSubcommand(spec, false, null);
        StopRequest stop = new StopRequest();
        StderrReporter reporter = new StderrReporter(parent.err, output.verbosity());
        try (StopOnSignal signals = new StopOnSignal(stop, reporter)) {
            RunRecord record = new RunRecord(spec.name(), paths.value(), Host::name);
            try (Opened opened = beforeWalk(); OrderedFiles files = orderedFiles(reporter, stop)) {
                return run(new CachePass(files, new ResidencyProbe(probeOptions.method.value()), reporter, stop,
                        NoMatch.check(files, reporter)), reporter, record);
            }
        }
    }

    private OrderedFiles orderedFiles(StderrReporter reporter, StopRequest stop) {
        return OrderedFiles.of(walk.selection(paths.value(), parent.in, list.nul.value()), reporter, stop);
    }

    /** Whether the summary is for people, on stderr: not with --json, nor with -q. */
    boolean forPeople() {
        return !output.json.value() && output.verbosity() != StderrReporter.Verbosity.QUIET;
    }

    /** The JSON record with the walk's settings and the method used; the command adds its own after. */
    RunRecord settings(CachePass pass, RunRecord record) {
        walk.describe(record);
        return record.setting("method", pass.probe().methodUsed());
    }
}
