package dirdump.cli;

import dirdump.outcome.StopRequest;
import dirdump.report.StderrReporter;
import dirdump.run.ExitCode;
import dirdump.sys.Processes;
import dirdump.sys.SlurmJob;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * run --every-node: the warm-up (or the lock) on every node of the Slurm allocation, as one step of one
 * task per node (srun --overlap, which shares the job's CPUs with the steps COMMAND starts), then
 * COMMAND, here. Each task is dirdump again, the same arguments, with {@link #TASK} in its environment:
 * it warms and exits with the warm-up's status (srun exits with the highest); with --lock it locks,
 * writes one line "{@value #READY} STATUS" to stdout, and holds the lock until its stdin (srun's,
 * given to every task) is closed, which this process does once COMMAND has ended. A step ends with its
 * job whatever happens here: no lock outlives the job.
 */
final class EveryNode {
    static final String TASK = "DIRDUMP_EVERY_NODE_TASK";
    private static final String READY = "dirdump-every-node-ready";
    private static final String WHO = "run --every-node";

    /** The step of the tasks, and how the warm-up went on every node. */
    private record Step(Process srun, int status, int signal) {
    }

    private EveryNode() {
    }

    /** Whether this process is a task of the step that run --every-node started. */
    static boolean isTask() {
        return "1".equals(System.getenv(TASK));
    }

    /** run --every-node: its exit status (COMMAND's, or 125 if the warm-up failed, 2 outside Slurm). */
    static int run(List<String> command, boolean lock, boolean keepGoing, Processes processes,
                   StderrReporter reporter) {
        SlurmJob job = SlurmJob.current();
        if (job == null) {
            reporter.problem(WHO + ": not inside a Slurm allocation (no SLURM_JOB_ID): run it in a job script "
                    + "(sbatch) or under salloc");
            return ExitCode.USAGE.status;
        }
        List<String> self = Daemon.command(reporter, WHO);
        if (self == null) {
            return ExitCode.USAGE.status;
        }
        Step step = start(srun(job, self), job.nodes(), lock, processes, reporter);
        try {
            if (step.signal() != 0) {
                return ExitCode.stoppedBy(step.signal()).status;
            }
            if (step.status() != 0 && !keepGoing) {
                reporter.problem("run: the warm-up failed on a node of " + job.name() + " (exit status "
                        + step.status() + "): " + command.get(0) + " not run (--keep-going runs it anyway)");
                return ExitCode.NOT_RUN.status;
            }
            return ChildCommand.run(command, processes, reporter);
        } finally {
            release(step);
        }
    }

    private static List<String> srun(SlurmJob job, List<String> self) {
        List<String> srun = new ArrayList<>(List.of("srun", "--overlap", "--nodes=" + job.nodes(),
                "--ntasks=" + job.nodes(), "--ntasks-per-node=1"));
        srun.addAll(self);
        return srun;
    }

    /**
     * Starts the step and waits until every node has warmed (the step ended) or locked (said so), with
     * SIGINT, SIGTERM and SIGHUP passed on to srun meanwhile (which passes them to the tasks).
     */
    private static Step start(List<String> srun, int nodes, boolean lock, Processes processes,
                              StderrReporter reporter) {
        ProcessBuilder pb = new ProcessBuilder(srun).redirectError(ProcessBuilder.Redirect.INHERIT)
                .redirectOutput(lock ? ProcessBuilder.Redirect.PIPE : ProcessBuilder.Redirect.INHERIT)
                .redirectInput(lock ? ProcessBuilder.Redirect.PIPE : ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().put(TASK, "1");
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            reporter.problem(WHO + ": cannot start srun: " + e.getMessage());
            return new Step(null, ExitCode.USAGE.status, 0);
        }
        int[] signal = {0};
        IntConsumer forward = SignalForwarding.to(p.toHandle(), processes, false);
        try (StopOnSignal signals = new StopOnSignal(s -> {
                signal[0] = s;
                forward.accept(s);
            })) {
            int status = lock ? readiness(p, nodes) : ChildCommand.waitFor(p);
            return new Step(p, status, signal[0]);
        }
    }

    /** The highest status the tasks said once locked; srun's own if it ended before every task had said one. */
    private static int readiness(Process p, int nodes) {
        int said = 0;
        int status = 0;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; said < nodes && (line = in.readLine()) != null; ) {
                if (line.startsWith(READY + " ")) {
                    said++;
                    status = Math.max(status, Integer.parseInt(line.substring(READY.length() + 1).trim()));
                }
            }
        } catch (IOException | NumberFormatException e) {
            // as an early end: srun's status says what went wrong
        }
        if (said < nodes) {
            int ended = ChildCommand.waitFor(p);
            return ended == 0 ? ExitCode.USAGE.status : ended;
        }
        return status;
    }

    /** Ends the step: its stdin closed (the tasks unlock and exit), then srun waited for. */
    private static void release(Step step) {
        if (step.srun() == null) {
            return;
        }
        try {
            step.srun().getOutputStream().close();
        } catch (IOException e) {
            // srun has gone already
        }
        ChildCommand.waitFor(step.srun());
    }

    /**
     * In a task of run --every-node --lock, once the lock is done: says STATUS (also when nothing could be
     * locked: every node answers) and holds what is locked until stdin ends, or a signal comes.
     */
    static int hold(int status, boolean locked, InputStream in, PrintStream out, StopRequest stop) {
        out.print(READY + " " + status + "\n");
        out.flush();
        if (!locked) {
            return status;
        }
        Thread eof = new Thread(() -> {
            try {
                while (in.read() >= 0) {
                    // srun's stdin is not ours to read: what comes is dropped until its end
                }
            } catch (IOException e) {
                // as its end
            }
            stop.stop(15);  // as SIGTERM: the lock's normal end
        }, "every-node-stdin");
        eof.setDaemon(true);
        eof.start();
        try (StopOnSignal signals = new StopOnSignal(stop)) {
            stop.await();
        }
        return status;
    }
}
