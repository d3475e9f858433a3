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
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code dirdump run PATH... -- COMMAND [ARGS]}: warm (or lock) the set, run COMMAND, release, exit as it did. */
@Command(name = "run",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        usageHelpAutoWidth = true,
        customSynopsis = "dirdump [READ OPTIONS] run [OPTIONS] PATH... -- COMMAND [ARG...]",
        description = {
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
            ""},
        exitCodeListHeading = "%nExit status:%n",
        footerHeading = "%nExamples:%n",
        footer = {
            "  dirdump run /data/set -- ./train.sh --epochs 3",
            "  dirdump run --lock --max-locked 16G /data/set -- python job.py",
            "  dirdump --ionice idle run -v /data/set -- make -j8",
            "  dirdump run --every-node --lock /data/set -- srun ./train.sh    in a Slurm job: every node"})
final class RunCommand implements Callable<Integer> {
    @ParentCommand
    DirdumpCommand parent;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "WORD", arity = "1..*",
            description = "The directories and files to warm (PATHs), then --, then COMMAND and its ARGs.")
    List<String> words;

    @Mixin
    WalkOptions walk;

    @Mixin
    ListOptions list;

    @Option(names = "--lock", description = "Lock the set in memory (as dirdump lock) rather than read it, while "
            + "COMMAND runs; unlocked when it exits.")
    boolean lock;

    @Mixin
    LockOptions lockOptions;

    @Option(names = "--keep-going", description = "Run COMMAND also if the warm-up failed (what failed is still said).")
    boolean keepGoing;

    @Option(names = "--every-node", description = "In a Slurm allocation: warm (with --lock: lock) on every node of "
            + "the job, as one step of one task per node (srun --overlap), then run COMMAND here; the locks end "
            + "when it does. Outside Slurm, exit 2.")
    boolean everyNode;

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Level level = new Level();

    /** As every command's -q and -v, though run says nothing but failures by default already. */
    static final class Level {
        @Option(names = {"-q", "--quiet"}, description = "Print only errors (the default: dirdump says nothing "
                + "of its own but failures).")
        boolean quiet;

        @Option(names = {"-v", "--verbose"}, description = "Print dirdump's summary of the warm-up on stderr before "
                + "COMMAND starts (without it, only failures).")
        boolean verbose;
    }

    @Override
    public Integer call() {
        parent.beforeSubcommand(spec, !lock, lock ? "with --lock, dirdump's read options are not used" : null);
        int n = commandLength();
        List<String> paths = words.subList(0, words.size() - n);
        List<String> command = words.subList(words.size() - n, words.size());
        if (lockOptions.maxLocked != null && !lock) {
            throw new ParameterException(spec.commandLine(), "--max-locked is for --lock");
        }
        lockOptions.validate(spec);
        StderrReporter reporter = new StderrReporter(parent.err, level.verbose ? StderrReporter.Verbosity.NORMAL : StderrReporter.Verbosity.QUIET);
        // Without -v, no progress line: COMMAND's output alone on the terminal.
        Commanding.Warmup warmup = lock
                ? new Commanding.Warmup.Lock(() -> walk.select(paths, parent.in, list.nul), lockOptions.maxLocked())
                : new Commanding.Warmup.Read(() -> {
                    parent.validate(paths, walk);
                    return new ReadRun(walk.select(paths, parent.in, list.nul), parent.readSettings());
                }, parent.progress(reporter, level.verbose));
        Commanding.Settings settings = new Commanding.Settings(new ChildCommand(command, Caller.environment(),
                Caller.ignored(), Caller.blocked()), warmup, keepGoing, everyNode);
        return Commanding.run(settings, parent.in, parent.out, Processes.load(), reporter, new Summary());
    }

    /** How many words came after the first "--" behind "run": COMMAND and its ARGs, which picocli took as PATHs. */
    private int commandLength() {
        List<String> args = spec.commandLine().getParseResult().originalArgs();
        int run = args.indexOf(spec.name());
        int dashes = args.subList(run + 1, args.size()).indexOf("--");
        int n = dashes < 0 ? 0 : args.size() - (run + 1 + dashes) - 1;
        if (n == 0 || n > words.size()) {
            throw new ParameterException(spec.commandLine(), "run needs -- and the COMMAND to run after the PATHs");
        }
        return n;
    }

    /** With -v, the warm-up's summary on stderr, before COMMAND starts; a refused lock is told already. */
    private final class Summary implements Commanding.Shown {
        @Override
        public void read(ReadResult result) {
            if (level.verbose) {
                HumanSummary.print(result, parent.err);
            }
        }

        @Override
        public void locked(LockRun.Locked locked) {
            if (level.verbose && locked.refusal() == null) {
                LockSummary.print(locked.set(), locked.facts(), null, parent.err);
            }
        }
    }
}
