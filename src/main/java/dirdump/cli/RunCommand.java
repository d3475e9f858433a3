package dirdump.cli;

import dirdump.proc.ChildCommand;
import dirdump.report.HumanSummary;
import dirdump.report.LockSummary;
import dirdump.report.StderrReporter;
import dirdump.run.Commanding;
import dirdump.run.LockRun;
import dirdump.run.ReadResult;
import dirdump.run.ReadRun;
import dirdump.sys.Processes;
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
        "  dirdump run --every-node --lock /data/set -- srun ./train.sh    in a Slurm job: every node"};

    private final DirdumpCommand parent;
    private final Value<List<String>> words = new Value<>(null);
    private final WalkOptions walk = new WalkOptions();
    private final ListOptions list = new ListOptions();
    private final Value<Boolean> lock = new Value<>(false);
    private final LockOptions lockOptions = new LockOptions();
    private final Value<Boolean> keepGoing = new Value<>(false);
    private final Value<Boolean> everyNode = new Value<>(false);
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
        parent.beforeSubcommand(spec, !lock.value(), lock.value() ? "with --lock, dirdump's read options are not used" : null);
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
        // Without -v, no progress line: COMMAND's output alone on the terminal.
        Commanding.Warmup warmup = lock.value()
                ? new Commanding.Warmup.Lock(() -> walk.select(paths, parent.in, list.nul.value()), lockOptions.maxLocked(),
                        lockOptions.follow())
                : new Commanding.Warmup.Read(() -> {
                    parent.validate(paths, walk);
                    return new ReadRun(walk.select(paths, parent.in, list.nul.value()), parent.readSettings());
                }, parent.progress(reporter, verbose.value()));
        Commanding.Settings settings = new Commanding.Settings(new ChildCommand(command, Caller.environment(),
                Caller.ignored(), Caller.blocked(), Caller.descriptors()), warmup, keepGoing.value(), everyNode.value());
        return Commanding.run(settings, parent.in, parent.out, Processes.load(), reporter, new Summary());
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
