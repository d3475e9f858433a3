package dirdump.run;

import dirdump.lock.LockedSet;
import dirdump.outcome.Reporter;
import dirdump.outcome.StopRequest;
import dirdump.proc.CannotStart;
import dirdump.proc.ChildCommand;
import dirdump.proc.Daemon;
import dirdump.proc.EveryNode;
import dirdump.proc.StopOnSignal;
import dirdump.sys.Processes;
import dirdump.sys.SlurmJob;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

/**
 * run: the warm-up (a read as {@link ReadRun}, or a lock as {@link LockRun}, held while COMMAND runs),
 * then COMMAND, run and waited for, its exit status the command's (the shell's: 127 if it is not found,
 * 126 if it cannot be run); not run if the warm-up failed. With --every-node, the warm-up is a step of
 * tasks on every node first ({@link EveryNode}), and in each task it is all there is.
 */
public final class Commanding {
    private static final String EVERY_NODE = "run --every-node";

    /**
     * {@code everyNode}: the warm-up on every node of the Slurm job; {@code keepGoing}: COMMAND also
     * after a failed one.
     */
    public record Settings(ChildCommand command, Warmup warmup, boolean keepGoing, boolean everyNode) {
        /** This process starts the step of run --every-node (rather than being one of its tasks, or no such run). */
        public boolean startsEveryNode() {
            return everyNode && !EveryNode.isTask();
        }

        boolean lock() {
            return warmup instanceof Warmup.Lock;
        }
    }

    /**
     * What is warmed before COMMAND, its settings asked only in the process that warms (a task of
     * run --every-node, not the process that starts the step, which leaves even a usage error in them
     * to the tasks).
     */
    public sealed interface Warmup {
        /** Read as dirdump PATH... reads; {@code progress}: or null. */
        record Read(Supplier<ReadRun> run, ReadRun.Progress progress) implements Warmup {
        }

        /**
         * Locked as dirdump lock locks; {@code maxLocked}: 0 for no cap; {@code follow}: kept locked
         * while the tree changes, as long as COMMAND runs ({@link Following}).
         */
        record Lock(Supplier<FileSelection> selection, long maxLocked, boolean follow) implements Warmup {
        }
    }

    /** How the warm-up is shown, once it is done (before COMMAND starts). */
    public interface Shown {
        void read(ReadResult result);

        /** Also when it was refused ({@code locked.refusal()}, told already). */
        void locked(LockRun.Locked locked);
    }

    private Commanding() {
    }

    /**
     * run's exit status: COMMAND's, or 125 if the warm-up failed; in a task of run --every-node, the
     * warm-up's, once the lock is released; with --every-node outside Slurm, 2.
     */
    public static int run(Settings settings, InputStream in, PrintStream out, Processes processes, Reporter reporter,
                          Shown shown) {
        if (settings.startsEveryNode()) {
            return onEveryNode(settings, processes, reporter);
        }
        StopRequest stop = new StopRequest();
        LockedSet locked = null;
        Following[] following = {null};
        try {
            int warm;
            try (StopOnSignal signals = new StopOnSignal(stop, reporter)) {
                if (settings.warmup() instanceof Warmup.Lock lock) {
                    LockRun.Locked l = lock(lock, reporter, stop, shown, following);
                    locked = l.set();
                    warm = lock.follow() && following[0] == null && l.exit().status == 0 ? ExitCode.CANNOT_FOLLOW.status
                            : l.exit().status;
                } else {
                    Warmup.Read read = (Warmup.Read) settings.warmup();
                    ReadResult result = read.run().get().run(reporter, stop, read.progress());
                    shown.read(result);
                    warm = result.exit().status;
                }
            }
            if (following[0] == null) {
                return afterWarmup(settings, warm, locked, stop, in, out, processes, reporter);
            }
            StopRequest commandEnded = new StopRequest();
            Following f = following[0];
            Thread follower = new Thread(() -> f.follow(commandEnded), "follow");
            follower.setDaemon(true);
            follower.start();
            try {
                return afterWarmup(settings, warm, locked, stop, in, out, processes, reporter);
            } finally {
                commandEnded.stop(ExitCode.TERMINATED.status - 128);
                joinQuietly(follower);
            }
        } finally {
            if (following[0] != null) {
                following[0].close();
            }
            if (locked != null) {
                locked.close();
            }
        }
    }

    private static void joinQuietly(Thread thread) {
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The set locked (or why it cannot be, said) and shown; with --watch, the tree watched from the
     * walk's handles ({@code following}'s one element, left null if it cannot be: said); the
     * directories' handles closed again.
     */
    private static LockRun.Locked lock(Warmup.Lock lock, Reporter reporter, StopRequest stop, Shown shown,
                                       Following[] following) {
        try (OrderedFiles files = OrderedFiles.of(lock.selection().get(), reporter, stop)) {
            LockRun.Locked locked = LockRun.lock(files, lock.maxLocked(), reporter, stop);
            if (lock.follow() && locked.refusal() == null && locked.exit().status == 0) {
                try {
                    following[0] = Following.locks(files, locked.set(), lock.maxLocked(), reporter);
                } catch (Following.Refused e) {
                    reporter.problem(e.getMessage());
                }
            }
            shown.locked(locked);
            return locked;
        }
    }

    /**
     * After this process's warm-up, of status {@code warm} ({@code locked}: what it locked, or null):
     * COMMAND's exit status; in a task of run --every-node, the warm-up's, once the lock is released.
     */
    private static int afterWarmup(Settings settings, int warm, LockedSet locked, StopRequest stop, InputStream in,
                                   PrintStream out, Processes processes, Reporter reporter) {
        if (stop.stopped()) {
            return ExitCode.stoppedBy(stop.signal()).status;
        }
        if (settings.everyNode()) {  // a task of the step run --every-node started: the warm-up is all it does
            return settings.lock() ? EveryNode.hold(warm, locked != null, in, out, stop) : warm;
        }
        if (warm != 0 && !settings.keepGoing()) {
            reporter.problem("run: the warm-up failed (exit status " + warm + "): " + settings.command().words().get(0)
                    + " not run (--keep-going runs it anyway)");
            return ExitCode.NOT_RUN.status;
        }
        return runCommand(settings.command(), processes, reporter);
    }

    /** run --every-node: its exit status (COMMAND's, or 125 if the warm-up failed, 2 outside Slurm). */
    private static int onEveryNode(Settings settings, Processes processes, Reporter reporter) {
        SlurmJob job = SlurmJob.current();
        if (job == null) {
            reporter.problem(EVERY_NODE + ": not inside a Slurm allocation (no SLURM_JOB_ID): run it in a job script "
                    + "(sbatch) or under salloc");
            return ExitCode.USAGE.status;
        }
        List<String> self;
        try {
            self = Daemon.command(EVERY_NODE);
        } catch (CannotStart e) {
            reporter.problem(e.getMessage());
            return ExitCode.USAGE.status;
        }
        EveryNode.Step step = null;
        int warm;
        try {
            step = EveryNode.start(job, self, settings.lock(), processes);
            // srun ended well, but not every task said it locked: as a usage error on a node
            warm = step.unsaid() && step.status() == 0 ? ExitCode.USAGE.status : step.status();
        } catch (CannotStart e) {
            reporter.problem(e.getMessage());
            warm = ExitCode.USAGE.status;
        }
        try {
            if (step != null && step.signal() != 0) {
                return ExitCode.stoppedBy(step.signal()).status;
            }
            if (warm != 0 && !settings.keepGoing()) {
                reporter.problem("run: the warm-up failed on a node of " + job.name() + " (exit status " + warm + "): "
                        + settings.command().words().get(0) + " not run (--keep-going runs it anyway)");
                return ExitCode.NOT_RUN.status;
            }
            return runCommand(settings.command(), processes, reporter);
        } finally {
            if (step != null) {
                step.release();
            }
        }
    }

    private static int runCommand(ChildCommand command, Processes processes, Reporter reporter) {
        return runCommand(command, processes, reporter, pid -> { });
    }

    /** COMMAND run, its pid told to {@code started}: its exit status, or the shell's 127 or 126 (said) if it cannot start. */
    static int runCommand(ChildCommand command, Processes processes, Reporter reporter, LongConsumer started) {
        try {
            return command.run(processes, started);
        } catch (CannotStart e) {
            reporter.problem(e.getMessage());
            return e.notFound() ? ExitCode.NOT_FOUND.status : ExitCode.CANNOT_EXECUTE.status;
        }
    }
}
