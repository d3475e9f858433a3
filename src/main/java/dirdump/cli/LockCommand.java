package dirdump.cli;

import dirdump.lock.LockedSet;
import dirdump.report.LockSummary;
import dirdump.report.RunRecord;
import dirdump.report.StderrReporter;
import dirdump.run.ExitCode;
import dirdump.run.Locking;
import dirdump.run.OrderedFiles;
import dirdump.scan.StopRequest;
import dirdump.sys.Os;
import dirdump.sys.SysException;
import java.io.ByteArrayOutputStream;
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
                + "anything is locked. --max-locked takes the files in order while they fit.",
            "A file is locked as it was opened: one replaced (a new file renamed over its name) keeps its old "
                + "pages locked, while they are mapped; the new one is not locked. Empty files and the holes of "
                + "sparse files have nothing to lock.",
            ""},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:every file listed was locked, and a signal ended the lock (its normal end)",
            "1:some files or directories could not be locked, or the filters left out every file",
            "2:usage error, a PATH cannot be used, the set cannot be locked (the reason is said), --pidfile names "
                + "a live process, or stdout cannot be written",
            "129, 130, 143:stopped by SIGHUP, SIGINT, SIGTERM before every file was locked",
            "141:the reader of stdout went away (a closed pipe, as | head); nothing is said"},
        footerHeading = "%nExamples:%n",
        footer = {
            "  dirdump lock /data/set                      until Ctrl-C",
            "  dirdump lock --daemon --pidfile /run/set.pid /data/set && job; kill \"$(cat /run/set.pid)\"",
            "  dirdump lock --max-locked 8G /data/set      the first 8 GiB of the set, in order"})
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
            + "lock to FILE, before anything is locked, and remove it at the end. A FILE that names a running "
            + "process is refused (exit 2); one whose process is gone is replaced.")
    String pidFile;

    @Mixin
    OutputOptions output;

    @Override
    public Integer call() {
        parent.beforeSubcommand(spec, false, null);
        lockOptions.validate(spec);
        StderrReporter reporter = new StderrReporter(parent.err, output.verbosity());
        Os os = Os.load(warning -> { });  // the walk warns, if it must, of the java.nio fallback
        if (daemon && !Daemon.isChild()) {
            return Daemon.start(os, reporter, parent.out);
        }
        StopRequest stop = new StopRequest();
        try (StopOnSignal signals = new StopOnSignal(stop)) {
            if (daemon) {
                detachFromTerminal(os);
            }
            PidFile pid;
            try {
                pid = pidFile == null ? null : PidFile.create(pidFile);
            } catch (PidFile.Refused e) {
                reporter.problem("--pidfile " + pidFile + ": " + e.getMessage());
                return ExitCode.USAGE.status;
            }
            try {
                return lock(reporter, os, stop);
            } finally {
                if (pid != null) {
                    pid.close();
                }
            }
        }
    }

    /** A session of its own; EPERM: it leads one already (started by setsid(1)), which is as good. */
    private static void detachFromTerminal(Os os) {
        try {
            os.newSession();
        } catch (SysException e) {
            // already a session leader
        }
    }

    private int lock(StderrReporter reporter, Os os, StopRequest stop) {
        RunRecord record = new RunRecord("lock", paths);
        try (OrderedFiles selection = OrderedFiles.of(walk.select(paths, parent.in, list.nul), reporter, stop)) {
            Locking.Locked locked = Locking.lock(selection, lockOptions.maxLocked(), reporter, stop);
            if (locked.set() == null) {
                return locked.exit().status;
            }
            try (LockedSet set = locked.set()) {
                selection.close();  // the directories' handles: the mappings hold what is locked
                int status = locked.exit().status;
                // Nothing locked and something failed (no such PATH, no match): nothing to hold.
                boolean stays = !stop.stopped() && (status == 0 || set.lockedFiles() > 0);
                ByteArrayOutputStream kept = new ByteArrayOutputStream();
                PrintStream out = daemon ? Daemon.buffer(kept) : parent.out;
                if (output.json) {
                    walk.describe(record);
                    lockOptions.describe(record);
                    record.setting("method", "mlock").setting("daemon", daemon).setting("pidfile", pidFile);
                    LockSummary.printJson(set, locked.facts(), record.json(reporter), out);
                } else if (output.verbosity() != StderrReporter.Verbosity.QUIET) {
                    LockSummary.print(set, locked.facts(), stays ? "holding the lock until SIGINT, SIGTERM or "
                            + "SIGHUP (pid " + ProcessHandle.current().pid() + ")" : null, parent.err);
                }
                if (daemon) {
                    Daemon.ready(status, kept.toByteArray(), parent.out, os);
                }
                if (stays) {
                    stop.await();  // a signal now is the lock's normal end: the status is the lock's
                }
                return status;
            }
        } catch (SysException e) {
            reporter.problem("lock --daemon: " + e.getMessage());
            return ExitCode.USAGE.status;
        }
    }
}
