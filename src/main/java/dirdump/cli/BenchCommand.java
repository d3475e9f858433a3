package dirdump.cli;

import dirdump.bench.BenchResults;
import dirdump.bench.CachePrep;
import dirdump.bench.DropCaches;
import dirdump.bench.RunHooks;
import dirdump.outcome.FileReason;
import dirdump.outcome.PathText;
import dirdump.outcome.StopRequest;
import dirdump.proc.StopOnSignal;
import dirdump.report.BenchCsv;
import dirdump.report.BenchJson;
import dirdump.report.BenchPlot;
import dirdump.report.BenchTable;
import dirdump.report.RunRecord;
import dirdump.report.StderrReporter;
import dirdump.run.BenchRun;
import dirdump.run.ExitCode;
import dirdump.run.OrderedFiles;
import dirdump.sys.Host;
import dirdump.sys.Os;
import dirdump.sys.ReplacedFile;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Model.ArgGroupSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** {@code dirdump bench PATH...}: variants of a read, each from a cold cache, compared. */
final class BenchCommand implements Callable<Integer> {
    static final String NAME = "bench";

    private static final String[] DESCRIPTION = {
        "Compares ways of reading the files under each PATH, each from a cold page cache.",
        "Each variant runs once a round, the variants taking turns (A B C A B C ...); then a table and a bar "
            + "chart on stdout give each one's median, min and max seconds, MiB/s, files/s, and its speedup "
            + "against the first variant (the median of the ratios within each round). One line a run on stderr.",
        "Default variants: --nosort -j1 (directory order, one file at a time, as the original experiment), "
            + "--order=inode -j1, --order=physical -j1 (left out where the file system cannot tell where "
            + "files lie) and the default settings. They run in this process, reading every file (as --force).",
        "Before each run the files' pages are evicted (posix_fadvise; directories and inodes stay cached), "
            + "or with --drop-caches all caches are dropped; then the files are measured, and runs that start "
            + "with more than 1 %% of their pages cached are marked: their figures are warm, not cold.",
        ""};

    private static final String[] FOOTER = {
        "  dirdump bench /data/set                 the default variants, 3 rounds",
        "  dirdump bench --variant=-j1 --variant=-j32 /data/set",
        "  dirdump bench --vs 'vmtouch -tq /data/set' /data/set",
        "  dirdump bench --drop-caches --csv /data/set >bench.csv      as root"};

    private static final String PHYSICAL = "--order=physical -j1";
    /**
     * The original experiment (directory order against inode order, one file after the other), the
     * order the disk really keeps, and what a plain run does.
     */
    static final List<String> DEFAULT_VARIANTS = List.of("--nosort -j1", "--order=inode -j1", PHYSICAL, "");

    private final DirdumpCommand parent;
    private final Value<List<String>> paths = new Value<>(null);
    private final Value<List<String>> variants = new Value<>(new ArrayList<>());
    private final Value<List<String>> commands = new Value<>(new ArrayList<>());
    private final Value<Long> timeoutNanos = new Value<>(0L);
    private final Value<String> prepare = new Value<>(null);
    private final Value<String> conclude = new Value<>(null);
    private final Value<Integer> rounds = new Value<>(0);
    private final Value<Boolean> dropCaches = new Value<>(false);
    private final Value<Boolean> warm = new Value<>(false);
    private final Value<Boolean> json = new Value<>(false);
    private final Value<Boolean> csv = new Value<>(false);
    private final Value<String> plot = new Value<>(null);
    /** FILE of --plot, opened before the bench, so that one that cannot be written is told at once. */
    private ReplacedFile plotFile;
    private final Value<Boolean> quiet = new Value<>(false);

    final CommandSpec spec;

    BenchCommand(DirdumpCommand parent) {
        this.parent = parent;
        spec = CommandSpecs.of(this, NAME, DESCRIPTION, FOOTER);
        spec.addPositional(CommandSpecs.words(paths, "PATH", "1..*",
                "Directories to walk and files to read in each run."));
        spec.addOption(CommandSpecs.repeatable(variants, "--variant").paramLabel("OPTIONS")
                .description("A dirdump read with these read options, in one argument ('--order=name -j 4'; "
                    + "'' for the defaults), in place of the default variants. Repeatable: the first is the one the "
                    + "others are compared with. Write --variant=-j1 for options that begin with a dash alone.").build());
        spec.addOption(CommandSpecs.repeatable(commands, "--vs").paramLabel("CMD")
                .description("Also an outside command ('vmtouch -t DIR'), run with 'sh -c CMD' in a process group of "
                    + "its own, its output discarded, timed from start to exit. Repeatable; run after the dirdump variants.")
                .build());
        spec.addOption(timeoutNanos.option(long.class, "--timeout").paramLabel("DURATION").defaultValue("10m")
                .converters(new DurationConverter())
                .description("How long a --vs, --prepare or --conclude command may run (90, 90s, 10m, 1h; default "
                    + "${DEFAULT-VALUE}): then it and all it started are ended, and the run is marked failed.").build());
        spec.addOption(prepare.option(String.class, "--prepare").paramLabel("CMD")
                .description("A command run with 'sh -c CMD' right before every timed run, after the cache is made "
                    + "ready, in no run's time (as hyperfine's --prepare): to set up what the run should meet. Told "
                    + "the run in DIRDUMP_BENCH_VARIANT and DIRDUMP_BENCH_ROUND; its output discarded. If it does not "
                    + "exit 0 (or runs out of --timeout), bench stops there.").build());
        spec.addOption(conclude.option(String.class, "--conclude").paramLabel("CMD")
                .description("As --prepare, right after every timed run: to collect what the run did (a disk's "
                    + "counters) before bench touches the files again.").build());
        spec.addOption(rounds.option(int.class, "--rounds").paramLabel("R").defaultValue("3")
                .description("Rounds; each variant runs once in each (default ${DEFAULT-VALUE}).").build());
        spec.addOption(dropCaches.option(boolean.class, "--drop-caches")
                .description("Before each run: sync, and drop the whole machine's page cache, dentries and inodes "
                    + "(echo 3 > /proc/sys/vm/drop_caches), so that directories and inodes are cold too. Root only.")
                .build());
        spec.addOption(warm.option(boolean.class, "--warm")
                .description("Compare on a warm cache: one untimed round first, then nothing evicted.").build());
        spec.addArgGroup(ArgGroupSpec.builder().exclusive(true).multiplicity("0..1")
                .addArg(json.option(boolean.class, "--json")
                        .description("The results as one JSON object on stdout, every run included.").build())
                .addArg(csv.option(boolean.class, "--csv")
                        .description("The results as CSV on stdout: a header, then a row per run, with the "
                            + "variant's settings and the machine.").build())
                .build());
        spec.addOption(plot.option(String.class, "--plot").paramLabel("FILE")
                .description("Also draw each variant's median seconds with their spread over the rounds, and its "
                    + "speedup, into FILE: "
                    + "FILE.svg or FILE.png, for a report; written in FILE's directory and renamed over FILE once "
                    + "complete, as status --save writes: a link there is replaced, never followed; a FIFO, a device or "
                    + "a directory is refused.").build());
        spec.addOption(quiet.option(boolean.class, "-q", "--quiet")
                .description("No line a run on stderr, no warnings: errors and the results only.").build());
        CommandSpecs.addStandardHelp(spec);
    }

    @Override
    public Integer call() {
        parent.beforeSubcommand(spec, false, "a read option goes in a --variant");
        StopRequest stop = new StopRequest();
        try (StopOnSignal signals = new StopOnSignal(stop, new StderrReporter(parent.err, StderrReporter.Verbosity.QUIET))) {
            return bench(stop);
        } finally {
            if (plotFile != null) {
                plotFile.close();  // if not committed: FILE as it was
            }
        }
    }

    private int bench(StopRequest stop) {
        RunRecord record = new RunRecord(NAME, paths.value(), Host::name);
        StderrReporter reporter = new StderrReporter(parent.err, quiet.value() ? StderrReporter.Verbosity.QUIET : StderrReporter.Verbosity.NORMAL);
        BenchResults results;
        try {
            results = measure(reporter, stop);
        } catch (RunHooks.Failed e) {
            parent.err.println(PathText.line("dirdump: bench stopped: " + e.getMessage()));
            return ExitCode.SOME_FAILED.status;
        } catch (IOException e) {
            parent.err.println(PathText.line("dirdump: bench stopped: cannot prepare the page cache: " + e.getMessage()));
            return ExitCode.SOME_FAILED.status;
        }
        if (results == null && stop.stopped()) {
            parent.err.println("dirdump: bench stopped by " + stop.signalName() + " while listing the files: nothing "
                    + "was measured");
            return ExitCode.stoppedBy(stop.signal()).status;
        }
        if (results == null) {
            return ExitCode.USAGE.status;
        }
        if (json.value()) {
            record.setting("variants", variants.value().isEmpty() ? DEFAULT_VARIANTS : variants.value()).setting("vs", commands.value())
                    .setting("rounds", rounds.value()).setting("cache", results.prep().asked.key())
                    .setting("timeout_seconds", timeoutNanos.value() / 1e9).setting("prepare", prepare.value())
                    .setting("conclude", conclude.value());
            BenchJson.print(results, record.json(reporter), parent.out);
        } else if (csv.value()) {
            BenchCsv.print(results, parent.out);
        } else {
            BenchTable.print(results, parent.out);
        }
        if (plotFile != null && !results.variants().isEmpty()) {
            try {
                OutputStream out = new BufferedOutputStream(plotFile.output(), 1 << 16);
                BenchPlot.write(results, plot.value(), out);
                plotFile.commit();
            } catch (IOException e) {
                parent.err.println(PathText.line("dirdump: " + PathText.of(plot.value()) + ": cannot write the plot: " + e.getMessage()));
                return ExitCode.USAGE.status;
            }
        }
        return results.exitStatus();
    }

    /**
     * Runs the bench; null if it cannot start (--drop-caches without root, a PATH unusable), having said
     * why, or if {@code stop} came during the walk.
     */
    BenchResults measure(StderrReporter reporter, StopRequest stop) throws IOException {
        boolean askPhysical = variants.value().isEmpty();
        List<BenchRun.ReadVariant> reads = checkArguments(variants.value().isEmpty() ? DEFAULT_VARIANTS : variants.value(), askPhysical);
        if (dropCaches.value()) {
            String refusal = DropCaches.refusal();
            if (refusal != null) {
                parent.err.println("dirdump: " + refusal);
                return null;
            }
        }
        plotFile = plot.value() == null ? null : plotFile();
        // The files to evict and check. Listed in physical order when the default variants need to know
        // whether it is available (that locates each file once, before anything is timed).
        OrderedFiles files = OrderedFiles.of(VariantOptions.command(askPhysical ? "--order=physical" : "--order=inode",
                paths.value(), parent, spec).selection(), reporter, stop);
        CachePrep prep = warm.value() ? CachePrep.NONE : dropCaches.value() ? CachePrep.DROP_CACHES : CachePrep.EVICT;
        try (files) {
            RunHooks hooks = new RunHooks(prepare.value(), conclude.value(), timeoutNanos.value());
            return BenchRun.run(files, new BenchRun.Settings(reads, commands.value(), timeoutNanos.value(), prep, hooks, rounds.value(),
                    RunRecord.version()), reporter, new StderrReporter(parent.err, StderrReporter.Verbosity.QUIET), stop);
        }
    }

    private ReplacedFile plotFile() {
        try {
            return ReplacedFile.of(Os.load(warning -> { }), RawArguments.bytes(plot.value()), null);
        } catch (IOException e) {
            throw new ParameterException(spec.commandLine(), "--plot " + plot.value() + ": " + FileReason.of(e));
        }
    }

    /** Refuses every mistake before anything is walked; the read of each variant. */
    private List<BenchRun.ReadVariant> checkArguments(List<String> options, boolean askPhysical) {
        if (rounds.value() < 1) {
            throw new ParameterException(spec.commandLine(), "--rounds must be 1 or more");
        }
        if (plot.value() != null && !BenchPlot.writes(plot.value())) {
            throw new ParameterException(spec.commandLine(), "--plot writes FILE.svg or FILE.png, not " + plot.value());
        }
        if (warm.value() && dropCaches.value()) {
            throw new ParameterException(spec.commandLine(), "--warm and --drop-caches contradict each other");
        }
        return options.stream().map(o -> VariantOptions.of(o, paths.value(), askPhysical && o.equals(PHYSICAL), parent, spec))
                .collect(Collectors.toList());
    }
}
