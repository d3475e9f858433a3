package dirdump.cli;

import dirdump.report.FollowSummary;
import dirdump.report.LockSummary;
import dirdump.report.RunRecord;
import dirdump.report.StderrReporter;
import dirdump.run.Following;
import dirdump.run.LockHolding;
import dirdump.run.LockRun;
import dirdump.sys.Host;
import dirdump.sys.Os;
import dirdump.sys.Processes;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;

/** {@code dirdump lock PATH...}: the files' pages locked in memory until a signal, as vmtouch -l. */
final class LockCommand implements Callable<Integer> {
    static final String NAME = "lock";

    private static final String[] DESCRIPTION = {
        "Locks the pages of the files under each PATH in memory (mmap read-only and shared, then mlock), in the "
            + "order a read takes them, reading what is not cached, and keeps them there until SIGINT, SIGTERM "
            + "or SIGHUP; then unlocks them (they stay cached, as any other pages) and exits. The summary says "
            + "what is locked once it is.",
        "First the whole set is mapped and checked: more than RLIMIT_MEMLOCK allows (ulimit -l; root's "
            + "CAP_IPC_LOCK lifts it), more than the memory there is to hold it (MemAvailable, the room "
            + "every level of its memory cgroups leaves) or more mappings than vm.max_map_count leaves is refused, with the reason, before "
            + "anything is locked; with --json, its record says why (refused). --max-locked takes the files in "
            + "order while they fit.",
        "A file is locked as it was opened: one replaced (a new file renamed over its name) keeps its old "
            + "pages locked, while they are mapped; the new one is not locked. Empty files and the holes of "
            + "sparse files have nothing to lock: only the data of a sparse file is mapped and locked, each "
            + "range (SEEK_DATA) a mapping. A file that cannot be mapped is that file's error; the rest is "
            + "locked.",
        ""};

    private static final String[] FOOTER = {
        "  dirdump lock /data/set                      until Ctrl-C",
        "  dirdump lock --daemon --pidfile /run/set.pid /data/set && job; kill \"$(cat /run/set.pid)\"",
        "  dirdump lock --max-locked 8G /data/set      the first 8 GiB of the set, in order",
        "  dirdump lock --daemon --while $$ /data/set  in a script: ends when the script does",
        "  srun --overlap --ntasks-per-node=1 dirdump lock /data/set &   in a Slurm job: every node, "
            + "for the job's life"};

    private final DirdumpCommand parent;
    private final Value<List<String>> paths = new Value<>(null);
    private final WalkOptions walk = new WalkOptions();
    private final ListOptions list = new ListOptions();
    private final LockOptions lockOptions = new LockOptions();
    private final Value<Boolean> daemon = new Value<>(false);
    private final Value<String> pidFile = new Value<>(null);
    private final Value<Long> whilePid = new Value<>(null);
    private final OutputOptions output = new OutputOptions();

    final CommandSpec spec;

    LockCommand(DirdumpCommand parent) {
        this.parent = parent;
        spec = CommandSpecs.of(this, NAME, DESCRIPTION, FOOTER);
        spec.addPositional(CommandSpecs.words(paths, "PATH", "0..*", "Directories to walk and files to lock."));
        walk.addTo(spec);
        list.addTo(spec);
        lockOptions.addTo(spec);
        spec.addOption(daemon.option(boolean.class, "--daemon")
                .description("Detach once the set is locked: return (with the lock's exit "
                    + "status) only then, leaving a process in a session of its own, its standard streams on /dev/null, "
                    + "that holds the lock until signalled (with --pidfile to find it).").build());
        spec.addOption(pidFile.option(String.class, "--pidfile").paramLabel("FILE")
                .description("Write the pid of the process that holds the "
                    + "lock to FILE, a new file (mode 0644 less the umask), before anything is locked, and remove it at the "
                    + "end if it is still that file. A FILE that names a running process is refused (exit 2); one whose "
                    + "process is gone is replaced. One that is no pid file (a symbolic link, even to a pid file, a FIFO, "
                    + "a device, a file that holds no pid) is refused and left alone, unread. FILE's directory may be "
                    + "another user's (/tmp): FILE is never followed, and what they put in its place is left alone.")
                .build());
        spec.addOption(whilePid.option(Long.class, "--while").paramLabel("PID")
                .description("End the lock when process PID ends, as a "
                    + "signal would (a job's script: dirdump lock --daemon --while $$). In a Slurm batch script --daemon "
                    + "does this for the script by itself.").build());
        output.addTo(spec);
        CommandSpecs.addStandardHelp(spec);
    }

    @Override
    public Integer call() {
        parent.beforeSubcommand(spec, false, null);
        lockOptions.validate(spec);
        StderrReporter reporter = new StderrReporter(parent.err, output.verbosity());
        Os os = Os.load(warning -> { });  // the walk warns, if it must, of the java.nio fallback
        RunRecord record = new RunRecord(NAME, paths.value(), Host::name);
        return LockHolding.run(new LockHolding.Settings(() -> walk.selection(paths.value(), parent.in, list.nul.value()),
                lockOptions.maxLocked(), daemon.value(), pidFile.value(), whilePid.value(), lockOptions.follow()), os, Processes.load(), reporter, parent.out, new Summary(record, reporter));
    }

    /** The lock's summary: its JSON record on stdout, or for people on stderr. */
    private final class Summary implements LockHolding.Shown {
        private final RunRecord record;
        private final StderrReporter reporter;

        Summary(RunRecord record, StderrReporter reporter) {
            this.record = record;
            this.reporter = reporter;
        }

        @Override
        public void locked(LockRun.Locked locked, boolean holding, String owner, PrintStream out) {
            if (output.json.value()) {
                walk.describe(record);
                lockOptions.describe(record);
                record.setting("method", "mlock").setting("daemon", daemon.value()).setting("pidfile", pidFile.value());
                LockSummary.printJson(locked.set(), locked.facts(), locked.refusal(), record.json(reporter), out);
            } else if (locked.refusal() == null && output.verbosity() != StderrReporter.Verbosity.QUIET) {
                LockSummary.print(locked.set(), locked.facts(), holding ? (lockOptions.follow() ? "following the tree and " : "") + "holding the lock until SIGINT, SIGTERM or "
                        + "SIGHUP (pid " + ProcessHandle.current().pid() + ")"
                        + (owner == null ? "" : ", or until " + owner + " ends") : null, parent.err);
            }
        }

        @Override
        public void released(long files, long bytes, String signal) {
            if (!output.json.value() && output.verbosity() != StderrReporter.Verbosity.QUIET) {
                LockSummary.released(files, bytes, signal, parent.err);
            }
        }

        @Override
        public void followed(Following following, String signal, int status) {
            if (output.json.value() && !daemon.value()) {  // a daemon's stdout is gone once it is ready
                FollowSummary.json(following, signal, status, record.json(reporter), parent.out);
            }
        }
    }
}
