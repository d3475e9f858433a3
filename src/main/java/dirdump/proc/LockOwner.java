package dirdump.proc;

import dirdump.outcome.StopRequest;
import dirdump.sys.Processes;
import dirdump.sys.SlurmJob;
import dirdump.sys.SysException;
import dirdump.sys.WatchedProcess;

/**
 * The process whose end ends a lock, as a signal does: --while PID, or, for --daemon in a Slurm batch
 * script, the script (SLURM_TASK_PID), which lives exactly as long as the job. Without it a daemon
 * outlives its job under proctrack/linuxproc and pgid (it is orphaned, and they no longer find it),
 * holding memory on a node nobody uses. Held by a pidfd, so that a pid used again is not mistaken for it.
 */
public final class LockOwner implements AutoCloseable {
    /** Why the owner cannot be watched, as the whole of "dirdump: ..." (exit 2). */
    public static final class Refused extends Exception {
        Refused(String reason) {
            super(reason, null, false, false);
        }
    }

    private static final int SIGTERM = 15;

    private final WatchedProcess process;
    private final String what;

    private LockOwner(WatchedProcess process, String what) {
        this.process = process;
        this.what = what;
    }

    /**
     * Why lock --daemon is not what to run here (inside an srun step, whose end kills the daemon under
     * proctrack/cgroup and orphans it under the others), naming what works instead; null if it is.
     */
    public static String daemonRefusal() {
        SlurmJob job = SlurmJob.current();
        return job == null || !job.inStep() ? null : "lock --daemon: inside " + job.name() + " a daemon would not "
                + "last as long as the job (the step ends first); lock in a step of its own in the background, "
                + "which Slurm ends with the job: srun --overlap --ntasks-per-node=1 dirdump lock PATH... &, or "
                + "run the job with dirdump run --every-node --lock PATH... -- COMMAND";
    }

    /** The owner of this lock, or none (null): --while's PID, else a daemon's Slurm batch script. */
    public static LockOwner of(Long whilePid, boolean daemon, Processes processes) throws Refused {
        SlurmJob job = SlurmJob.current();
        if (whilePid != null) {
            return watch(processes, whilePid, "process " + whilePid, "--while " + whilePid + ": ");
        }
        if (daemon && job != null && !job.inStep() && job.taskPid() > 0) {
            return watch(processes, job.taskPid(), "the batch script of " + job.name() + " (pid " + job.taskPid() + ")",
                    "lock --daemon: the batch script of " + job.name() + ": ");
        }
        return null;
    }

    private static LockOwner watch(Processes processes, long pid, String what, String failure) throws Refused {
        try {
            return new LockOwner(processes.watch(pid), what);
        } catch (SysException e) {
            throw new Refused(failure + (e.isNoSuchProcess() ? "no such process" : e.getMessage()));
        }
    }

    /** "process 123", as the end of "holding the lock until ... or ... ends". */
    public String what() {
        return what;
    }

    /** Once the owner ends, {@code stop} is asked as SIGTERM asks it: the lock's normal end. */
    public void endWhenGone(StopRequest stop) {
        Thread t = new Thread(() -> {
            try {
                process.awaitExit();
            } catch (SysException e) {
                return;  // cannot be watched after all: the lock lasts until a signal, as without an owner
            }
            stop.stop(SIGTERM);
        }, "lock-owner");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void close() {
        process.close();
    }
}
