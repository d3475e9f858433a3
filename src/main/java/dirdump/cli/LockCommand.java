package dirdump.cli;

import dirdump.report.LockSummary;
import dirdump.report.RunRecord;
import dirdump.report.StderrReporter;
import dirdump.run.LockHolding;
import dirdump.run.LockRun;
import dirdump.sys.Host;
import dirdump.sys.Os;
import dirdump.sys.Processes;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code dirdump lock PATH...}: the files' pages locked in memory until a signal, as vmtouch -l. */
@Command(name = "lock",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
            "Locks the pages of the files under each PATH in memory (mmap read-only and shared, then mlock), in the "
                + "order a read takes them, reading what is not cached, and keeps them there until SIGINT, SIGTERM "
                + "or SIGHUP; then unlocks them (they stay cached, as any other pages) and exits. The summary says "
                + "what is locked once it is.",
            "First the whole set is mapped and checked: more than RLIMIT_MEMLOCK allows (ulimit -l; root's "
                + "CAP_IPC_LOCK lifts it), more than the memory there is to hold it (MemAvailable, the memory "
                + "cgroup's room) or more mappings than vm.max_map_count leaves is refused, with the reason, before "
                + "anything is locked; with --json, its record says why (refused). --max-locked takes the files in "
                + "order while they fit.",
            "A file is locked as it was opened: one replaced (a new file renamed over its name) keeps its old "
                + "pages locked, while they are mapped; the new one is not locked. Empty files and the holes of "
                + "sparse files have nothing to lock: only the data of a sparse file is mapped and locked, each "
                + "range (SEEK_DATA) a mapping. A file that cannot be mapped is that file's error; the rest is "
                + "locked.",
            ""},
        exitCodeListHeading = "%nExit status:%n",
        footerHeading = "%nExamples:%n",
        footer = {
            "  dirdump lock /data/set                      until Ctrl-C",
            "  dirdump lock --daemon --pidfile /run/set.pid /data/set && job; kill \"$(cat /run/set.pid)\"",
            "  dirdump lock --max-locked 8G /data/set      the first 8 GiB of the set, in order",
            "  dirdump lock --daemon --while $$ /data/set  in a script: ends when the script does",
            "  srun --overlap --ntasks-per-node=1 dirdump lock /data/set &   in a Slurm job: every node, "
                + "for the job's life"})
final class LockCommand implements Callable<Integer> {
    @ParentCommand
    DirdumpCommand parent;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "PATH", arity = "0..*", description = "Directories to walk and files to lock.")
    List<String> paths;

    @Mixin
    WalkOptions walk;

    @Mixin
    ListOptions list;

    @Mixin
    LockOptions lockOptions;

    @Option(names = "--daemon", description = "Detach once the set is locked: return (with the lock's exit "
            + "status) only then, leaving a process in a session of its own, its standard streams on /dev/null, "
            + "that holds the lock until signalled (with --pidfile to find it).")
    boolean daemon;

    @Option(names = "--pidfile", paramLabel = "FILE", description = "Write the pid of the process that holds the "
            + "lock to FILE, a new file (mode 0644 less the umask), before anything is locked, and remove it at the "
            + "end if it is still that file. A FILE that names a running process is refused (exit 2); one whose "
            + "process is gone is replaced. One that is no pid file (a symbolic link, even to a pid file, a FIFO, "
            + "a device, a file that holds no pid) is refused and left alone, unread. FILE's directory may be "
            + "another user's (/tmp): FILE is never followed, and what they put in its place is left alone.")
    String pidFile;

    @Option(names = "--while", paramLabel = "PID", description = "End the lock when process PID ends, as a "
            + "signal would (a job's script: dirdump lock --daemon --while $$). In a Slurm batch script --daemon "
            + "does this for the script by itself.")
    Long whilePid;

    @Mixin
    OutputOptions output;

    @Override
    public Integer call() {
        parent.beforeSubcommand(spec, false, null);
        lockOptions.validate(spec);
        StderrReporter reporter = new StderrReporter(parent.err, output.verbosity());
        Os os = Os.load(warning -> { });  // the walk warns, if it must, of the java.nio fallback
        RunRecord record = new RunRecord("lock", paths, Host::name);
        return LockHolding.run(new LockHolding.Settings(() -> walk.select(paths, parent.in, list.nul),
                lockOptions.maxLocked(), daemon, pidFile, whilePid), os, Processes.load(), reporter, parent.out, new Summary(record, reporter));
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
            if (output.json) {
                walk.describe(record);
                lockOptions.describe(record);
                record.setting("method", "mlock").setting("daemon", daemon).setting("pidfile", pidFile);
                LockSummary.printJson(locked.set(), locked.facts(), locked.refusal(), record.json(reporter), out);
            } else if (locked.refusal() == null && output.verbosity() != StderrReporter.Verbosity.QUIET) {
                LockSummary.print(locked.set(), locked.facts(), holding ? "holding the lock until SIGINT, SIGTERM or "
                        + "SIGHUP (pid " + ProcessHandle.current().pid() + ")"
                        + (owner == null ? "" : ", or until " + owner + " ends") : null, parent.err);
            }
        }

        @Override
        public void released(long files, long bytes, String signal) {
            if (!output.json && output.verbosity() != StderrReporter.Verbosity.QUIET) {
                LockSummary.released(files, bytes, signal, parent.err);
            }
        }
    }
}
