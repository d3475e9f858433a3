package dirdump.run;

import dirdump.lock.LockedSet;
import dirdump.outcome.Reporter;
import dirdump.outcome.StopRequest;
import dirdump.proc.CannotStart;
import dirdump.proc.Daemon;
import dirdump.proc.LockOwner;
import dirdump.proc.PidFile;
import dirdump.proc.StopOnSignal;
import dirdump.sys.Os;
import dirdump.sys.Processes;
import dirdump.sys.SysException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.function.Supplier;

/**
 * lock: the set locked ({@link LockRun}) and shown, then held until SIGINT, SIGTERM or SIGHUP, or
 * until its owner ends (--while's process, a daemon's batch script: {@link LockOwner}); with
 * --pidfile, the pid of the process that holds it in a file for that time; with --daemon, held by a
 * daemon that this process starts ({@link Daemon}), which says the lock's status once it is locked.
 */
public final class LockHolding {
    /**
     * {@code selection}: asked only in the process that locks (the daemon's, not its starter's, which
     * leaves even a usage error in it to the daemon); {@code maxLocked}: 0 for no cap; {@code pidFile},
     * {@code whilePid}: null if not given; {@code follow}: the tree kept locked while it changes
     * ({@link Following}).
     */
    public record Settings(Supplier<FileSelection> selection, long maxLocked, boolean daemon, String pidFile,
                           Long whilePid, boolean follow) {
    }

    /** How the lock is shown: once it is locked (or refused), and once it is released. */
    public interface Shown {
        /**
         * {@code holding}: the set is held now, until a signal or, if {@code owner} is not null, until
         * it ("process 123") ends; {@code out}: the command's stdout (a daemon's, kept until it is ready).
         */
        void locked(LockRun.Locked locked, boolean holding, String owner, PrintStream out);

        /** The lock ended by {@code signal} ("SIGTERM"): what it held. */
        void released(long files, long bytes, String signal);

        /** lock --watch: following ended by {@code signal}, the lock's exit status {@code status}. */
        void followed(Following following, String signal, int status);
    }

    private LockHolding() {
    }

    /** The lock's exit status, once it is released (with --daemon: once the daemon holds it). */
    public static int run(Settings settings, Os os, Processes processes, Reporter reporter, PrintStream out, Shown shown) {
        if (settings.daemon() && !Daemon.isChild()) {
            String refusal = LockOwner.daemonRefusal();
            if (refusal != null) {
                reporter.problem(refusal);
                return ExitCode.USAGE.status;
            }
            try {
                return Daemon.start(processes, out);
            } catch (CannotStart e) {
                reporter.problem(e.getMessage());
                return ExitCode.USAGE.status;
            }
        }
        StopRequest stop = new StopRequest();
        try (StopOnSignal signals = new StopOnSignal(stop, reporter)) {
            if (settings.daemon()) {
                detachFromTerminal(processes);
            }
            PidFile pid;
            try {
                pid = settings.pidFile() == null ? null : PidFile.create(os, settings.pidFile());
            } catch (PidFile.Refused e) {
                reporter.problem("--pidfile " + settings.pidFile() + ": " + e.getMessage());
                return ExitCode.USAGE.status;
            }
            try (LockOwner owner = LockOwner.of(settings.whilePid(), settings.daemon(), processes)) {
                return lock(settings, processes, reporter, out, shown, stop, owner, signals);
            } catch (LockOwner.Refused e) {
                reporter.problem(e.getMessage());
                return ExitCode.USAGE.status;
            } finally {
                if (pid != null) {
                    pid.close();
                }
            }
        }
    }

    /** A session of its own; EPERM: it leads one already (started by setsid(1)), which is as good. */
    private static void detachFromTerminal(Processes processes) {
        try {
            processes.newSession();
        } catch (SysException e) {
            // already a session leader
        }
    }

    private static int lock(Settings settings, Processes processes, Reporter reporter, PrintStream out, Shown shown, StopRequest stop,
                            LockOwner owner, StopOnSignal signals) {
        try (OrderedFiles orderedFiles = OrderedFiles.of(settings.selection().get(), reporter, stop)) {
            LockRun.Locked locked = LockRun.lock(orderedFiles, settings.maxLocked(), reporter, stop);
            Following following = null;
            try (LockedSet set = locked.set()) {
                int status = locked.exit().status;
                // Refused, or nothing locked and something failed (no such PATH, no match): nothing to hold.
                boolean stays = locked.refusal() == null && !stop.stopped() && (status == 0 || set.lockedFiles() > 0);
                if (stays && settings.follow()) {
                    try {
                        following = Following.locks(orderedFiles, set, settings.maxLocked(), reporter);
                    } catch (Following.Refused e) {
                        reporter.problem(e.getMessage());
                        status = ExitCode.CANNOT_FOLLOW.status;
                        stays = false;
                    }
                }
                orderedFiles.close();  // the directories' handles: the mappings (and follow's own) hold what is locked
                ByteArrayOutputStream kept = new ByteArrayOutputStream();
                shown.locked(locked, stays, owner == null ? null : owner.what(),
                        settings.daemon() ? Daemon.buffer(kept) : out);
                if (settings.daemon()) {
                    Daemon.ready(status, kept.toByteArray(), out, processes);
                }
                if (stays) {
                    if (owner != null) {
                        owner.endWhenGone(stop);
                    }
                    if (following != null) {
                        following.follow(stop);  // until the signal, which it sees within 200 ms
                    }
                    signals.holding();
                    stop.await();  // a signal now is the lock's normal end: the status is the lock's
                    long files = following != null ? following.files() : set.lockedFiles();
                    long bytes = following != null ? following.bytes() : set.lockedBytes();
                    if (following != null) {
                        status = following.status(status);
                        shown.followed(following, stop.signalName(), status);
                        following.close();
                        following = null;
                    }
                    set.close();
                    shown.released(files, bytes, stop.signalName());
                }
                return status;
            } finally {
                if (following != null) {
                    following.close();
                }
            }
        } catch (SysException e) {
            reporter.problem("lock --daemon: " + e.getMessage());
            return ExitCode.USAGE.status;
        }
    }
}
