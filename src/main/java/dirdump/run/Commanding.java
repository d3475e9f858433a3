package dirdump.run;

import dirdump.lock.LockedSet;
import dirdump.outcome.Reporter;
import dirdump.outcome.StopRequest;
import dirdump.proc.CannotStart;
import dirdump.proc.ChildCommand;
import dirdump.proc.Daemon;
import dirdump.proc.EveryNode;
import dirdump.sys.Processes;
import dirdump.sys.SlurmJob;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.List;

/**
 * run's COMMAND, once the set is warm (or locked): run and waited for, its exit status the command's
 * (the shell's: 127 if it is not found, 126 if it cannot be run); not run if the warm-up failed. With
 * --every-node, the warm-up is a step of tasks on every node first ({@link EveryNode}), and in each
 * task it is all there is.
 */
public final class Commanding {
    private static final String EVERY_NODE = "run --every-node";

    /** {@code everyNode}: the warm-up on every node of the Slurm job; {@code keepGoing}: COMMAND also after a failed one. */
    public record Settings(ChildCommand command, boolean lock, boolean keepGoing, boolean everyNode) {
        /** This process starts the step of run --every-node (rather than being one of its tasks, or no such run). */
        public boolean startsEveryNode() {
            return everyNode && !EveryNode.isTask();
        }
    }

    private Commanding() {
    }

    /**
     * After this process's warm-up, of status {@code warm} ({@code locked}: what it locked, or null):
     * COMMAND's exit status; in a task of run --every-node, the warm-up's, once the lock is released.
     */
    public static int afterWarmup(Settings settings, int warm, LockedSet locked, StopRequest stop, InputStream in,
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
        return run(settings.command(), processes, reporter);
    }

    /** run --every-node: its exit status (COMMAND's, or 125 if the warm-up failed, 2 outside Slurm). */
    public static int onEveryNode(Settings settings, Processes processes, Reporter reporter) {
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
            return run(settings.command(), processes, reporter);
        } finally {
            if (step != null) {
                step.release();
            }
        }
    }

    private static int run(ChildCommand command, Processes processes, Reporter reporter) {
        try {
            return command.run(processes);
        } catch (CannotStart e) {
            reporter.problem(e.getMessage());
            return e.notFound() ? ExitCode.NOT_FOUND.status : ExitCode.CANNOT_EXECUTE.status;
        }
    }
}
