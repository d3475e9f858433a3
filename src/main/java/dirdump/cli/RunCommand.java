package dirdump.cli;

import dirdump.cache.Snapshot;
import dirdump.cache.SnapshotInput;
import dirdump.cache.SnapshotWriter;
import dirdump.outcome.FileReason;
import dirdump.proc.ChildCommand;
import dirdump.report.HumanSummary;
import dirdump.report.LearnSummary;
import dirdump.report.LockSummary;
import dirdump.report.RunRecord;
import dirdump.report.StderrReporter;
import dirdump.run.Commanding;
import dirdump.run.Learning;
import dirdump.run.LockRun;
import dirdump.run.ReadResult;
import dirdump.run.ReadRun;
import dirdump.sys.Host;
import dirdump.sys.Os;
import dirdump.sys.Processes;
import dirdump.sys.SysException;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.ArgGroupSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** {@code dirdump run PATH... -- COMMAND [ARGS]}: warm (or lock) the set, run COMMAND, release, exit as it did. */
final class RunCommand implements Callable<Integer> {
    static final String NAME = "run";

    private static final String[] DESCRIPTION = {
        "Warms the files under each PATH as dirdump PATH... does (with --lock: locks them, as dirdump lock), "
            + "then runs COMMAND with its ARGs, its standard streams dirdump's, the environment and signal "
            + "dispositions dirdump was started with, and exits with COMMAND's exit "
            + "status once it has released what it locked: the one line a batch script needs.",
        "SIGTERM is passed on to COMMAND, and so are SIGINT and SIGHUP, unless dirdump runs in the foreground "
            + "of a terminal, whose Ctrl-C and hangup reach COMMAND themselves. dirdump says nothing of its own "
            + "but failures, unless -v. The read options of dirdump (--jobs, --method, --bwlimit, --ionice, "
            + "--force ...) go before 'run' (not with --lock); the walk options (--include, --order, --files-from "
            + "...) and -v may go before it or after it, not in both places. A --files-from - list is read to its "
            + "end before COMMAND starts: COMMAND's standard input is then at its end.",
        "If the warm-up fails (a file could not be read, a PATH is missing, the set cannot be locked), that is "
            + "said and COMMAND is not run (exit 125), unless --keep-going. Files replaced while locked keep "
            + "their old pages locked while mapped; the new files are not locked.",
        ""};

    private static final String[] FOOTER = {
        "  dirdump run /data/set -- ./train.sh --epochs 3",
        "  dirdump run --lock --max-locked 16G /data/set -- python job.py",
        "  dirdump --ionice idle run -v /data/set -- make -j8",
        "  dirdump run --every-node --lock /data/set -- srun ./train.sh    in a Slurm job: every node",
        "  dirdump run --learn job.snapshot /data/set -- ./train.sh    save what the job reads...",
        "  dirdump --replay job.snapshot run -- ./train.sh             ...and warm just that the next time"};

    private final DirdumpCommand parent;
    private final Value<List<String>> words = new Value<>(null);
    private final WalkOptions walk = new WalkOptions();
    private final ListOptions list = new ListOptions();
    private final Value<Boolean> lock = new Value<>(false);
    private final LockOptions lockOptions = new LockOptions();
    private final Value<Boolean> keepGoing = new Value<>(false);
    private final Value<Boolean> everyNode = new Value<>(false);
    private final Value<String> learn = new Value<>(null);
    private final Value<Boolean> json = new Value<>(false);
    /** As every command's -q and -v, though run says nothing but failures by default already. */
    private final Value<Boolean> quiet = new Value<>(false);
    private final Value<Boolean> verbose = new Value<>(false);

    final CommandSpec spec;

    RunCommand(DirdumpCommand parent) {
        this.parent = parent;
        spec = CommandSpecs.of(this, NAME, DESCRIPTION, FOOTER);
        spec.usageMessage().customSynopsis("dirdump [READ OPTIONS] run [OPTIONS] PATH... -- COMMAND [ARG...]");
        spec.addPositional(CommandSpecs.words(words, "WORD", "1..*",
                "The directories and files to warm (PATHs), then --, then COMMAND and its ARGs."));
        walk.addTo(spec);
        list.addTo(spec);
        spec.addOption(lock.option(boolean.class, "--lock")
                .description("Lock the set in memory (as dirdump lock) rather than read it, while "
                    + "COMMAND runs; unlocked when it exits.").build());
        lockOptions.addTo(spec);
        spec.addOption(learn.option(String.class, "--learn").paramLabel("FILE")
                .description("Warm nothing: run COMMAND and save which files under the PATHs, and which ranges of "
                    + "them, it and every process it starts read, into FILE, a snapshot for --replay (merged into the "
                    + "one FILE holds). As root by fanotify, else by the pages that became resident meanwhile.").build());
        spec.addOption(json.option(boolean.class, "--json")
                .description("With --learn: once COMMAND has ended, one JSON record of what was learned on stdout, "
                    + "after COMMAND's output (see --json-schema).").build());
        spec.addOption(keepGoing.option(boolean.class, "--keep-going")
                .description("Run COMMAND also if the warm-up failed (what failed is still said).").build());
        spec.addOption(everyNode.option(boolean.class, "--every-node")
                .description("In a Slurm allocation: warm (with --lock: lock) on every node of "
                    + "the job, as one step of one task per node (srun --overlap), then run COMMAND here; the locks end "
                    + "when it does. Outside Slurm, exit 2.").build());
        spec.addArgGroup(ArgGroupSpec.builder().exclusive(true).multiplicity("0..1")
                .addArg(quiet.option(boolean.class, "-q", "--quiet")
                        .description("Print only errors (the default: dirdump says nothing "
                            + "of its own but failures).").build())
                .addArg(verbose.option(boolean.class, "-v", "--verbose")
                        .description("Print dirdump's summary of the warm-up on stderr before "
                            + "COMMAND starts (without it, only failures).").build())
                .build());
        CommandSpecs.addStandardHelp(spec);
    }

    @Override
    public Integer call() {
        boolean reads = !lock.value() && learn.value() == null;
        parent.beforeSubcommand(spec, reads, reads ? null : "with " + (lock.value() ? "--lock" : "--learn")
                + ", dirdump's read options are not used");
        int n = commandLength();
        List<String> paths = words.value().subList(0, words.value().size() - n);
        List<String> command = words.value().subList(words.value().size() - n, words.value().size());
        if (lockOptions.maxLocked.value() != null && !lock.value()) {
            throw new ParameterException(spec.commandLine(), "--max-locked is for --lock");
        }
        if (parent.follows()) {
            throw new ParameterException(spec.commandLine(), "--watch before 'run': it goes after 'run', with --lock");
        }
        if (lockOptions.follow() && !lock.value()) {
            throw new ParameterException(spec.commandLine(), "--watch is for --lock");
        }
        lockOptions.validate(spec);
        StderrReporter reporter = new StderrReporter(parent.err, verbose.value() ? StderrReporter.Verbosity.NORMAL : StderrReporter.Verbosity.QUIET);
        ChildCommand child = new ChildCommand(command, Caller.environment(), Caller.ignored(), Caller.blocked(),
                Caller.descriptors());
        if (learn.value() != null) {
            return learn(paths, child, reporter);
        }
        if (json.value()) {
            throw new ParameterException(spec.commandLine(), "--json is for --learn: run says nothing of its own");
        }
        // Without -v, no progress line: COMMAND's output alone on the terminal.
        Commanding.Warmup warmup = lock.value()
                ? new Commanding.Warmup.Lock(() -> walk.selection(paths, parent.in, list.nul.value()), lockOptions.maxLocked(),
                        lockOptions.follow())
                : new Commanding.Warmup.Read(() -> {
                    parent.validate(paths, walk);
                    return new ReadRun(parent.readSettings(walk.selection(paths, parent.in, list.nul.value())));
                }, parent.progress(reporter, verbose.value()));
        Commanding.Settings settings = new Commanding.Settings(child, warmup, keepGoing.value(), everyNode.value());
        return Commanding.run(settings, parent.in, parent.out, Processes.load(), reporter, new Summary());
    }

    /**
     * run --learn: COMMAND run and watched, what it read saved into FILE; one line says how it was
     * learned (unless -q). FILE's earlier snapshot is read, and its replacement opened, before the walk:
     * either failing is a usage error, and COMMAND is not run.
     */
    private int learn(List<String> paths, ChildCommand child, StderrReporter reporter) {
        String file = learn.value();
        String with = lock.value() ? "--lock" : everyNode.value() ? "--every-node" : keepGoing.value() ? "--keep-going"
                : null;
        if (with != null) {
            throw new ParameterException(spec.commandLine(), "--learn and " + with + " do not go together: "
                    + "--learn warms nothing");
        }
        if (file.equals("-")) {
            throw new ParameterException(spec.commandLine(), "--learn - would write the snapshot where COMMAND writes: "
                    + "learn into a FILE");
        }
        parent.validate(paths, walk);
        RunRecord record = new RunRecord(NAME, paths, Host::name);
        Os os = Os.load(warning -> { });
        byte[] name = RawArguments.bytes(file);
        Snapshot earlier;
        try {
            earlier = SnapshotInput.read(os, name);
        } catch (SysException e) {
            if (!e.isGone()) {
                throw new ParameterException(spec.commandLine(), "--learn " + file + ": " + FileReason.of(e));
            }
            earlier = null;
        } catch (IOException e) {
            throw new ParameterException(spec.commandLine(), "--learn " + file + ": " + FileReason.of(e));
        } catch (Snapshot.Unreadable e) {
            throw new ParameterException(spec.commandLine(), "--learn " + file + ": " + e.getMessage()
                    + "; it is not replaced");
        }
        SnapshotWriter writer;
        try {
            writer = SnapshotWriter.toFile(os, name);
        } catch (IOException e) {
            throw new ParameterException(spec.commandLine(), "--learn " + file + ": " + FileReason.of(e));
        }
        Learning.Learned learned = Learning.run(new Learning.Settings(
                () -> walk.selection(paths, parent.in, list.nul.value()), child, file, earlier, writer),
                Processes.load(), reporter);
        if (!quiet.value()) {
            LearnSummary.print(file, learned, parent.err);
        }
        if (json.value()) {
            walk.describe(record);
            record.setting("method", learned.probe()).setting("learn", file);
            LearnSummary.json(learned, record.json(reporter), parent.out);
        }
        return learned.status();
    }

    /** How many words came after the first "--" behind "run": COMMAND and its ARGs, which picocli took as PATHs. */
    private int commandLength() {
        List<String> args = spec.commandLine().getParseResult().originalArgs();
        int run = args.indexOf(spec.name());
        int dashes = args.subList(run + 1, args.size()).indexOf("--");
        int n = dashes < 0 ? 0 : args.size() - (run + 1 + dashes) - 1;
        if (n == 0 || n > words.value().size()) {
            throw new ParameterException(spec.commandLine(), "run needs -- and the COMMAND to run after the PATHs");
        }
        return n;
    }

    /** With -v, the warm-up's summary on stderr, before COMMAND starts; a refused lock is told already. */
    private final class Summary implements Commanding.Shown {
        @Override
        public void read(ReadResult result) {
            if (verbose.value()) {
                HumanSummary.print(result, parent.err);
            }
        }

        @Override
        public void locked(LockRun.Locked locked) {
            if (verbose.value() && locked.refusal() == null) {
                LockSummary.print(locked.set(), locked.facts(), null, parent.err);
            }
        }
    }
}
