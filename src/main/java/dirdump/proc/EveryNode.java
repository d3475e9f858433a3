package dirdump.proc;

import dirdump.outcome.StopRequest;
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
 * given to every task) is closed, which this process does once COMMAND has ended ({@link Step#release}).
 * A step ends with its job whatever happens here: no lock outlives the job.
 */
public final class EveryNode {
    static final String TASK = "DIRDUMP_EVERY_NODE_TASK";
    private static final String READY = "dirdump-every-node-ready";

    /**
     * The step of the tasks once every node has warmed or locked: {@code status}, the highest a task said
     * once locked, else srun's exit status; {@code unsaid}: srun ended before every task had said one;
     * {@code signal}: a signal that came meanwhile (passed on to srun), or 0.
     */
    public record Step(Process srun, int status, boolean unsaid, int signal) {
        /** Ends the step: its stdin closed (the tasks unlock and exit), then srun waited for. */
        public void release() {
            try {
                srun.getOutputStream().close();
            } catch (IOException e) {
                // srun has gone already
            }
            ChildCommand.waitFor(srun);
        }
    }

    private EveryNode() {
    }

    /** Whether this process is a task of the step that run --every-node started. */
    public static boolean isTask() {
        return "1".equals(System.getenv(TASK));
    }

    private static List<String> srun(SlurmJob job, List<String> self) {
        List<String> srun = new ArrayList<>(List.of("srun", "--overlap", "--nodes=" + job.nodes(),
                "--ntasks=" + job.nodes(), "--ntasks-per-node=1"));
        srun.addAll(self);
        return srun;
    }

    /**
     * Starts the step of {@code self} (this process's command line, {@link Daemon#command}) on every node
     * of {@code job} and waits until every node has warmed (the step ended) or locked (said so), with
     * SIGINT, SIGTERM and SIGHUP passed on to srun meanwhile (which passes them to the tasks).
     */
    public static Step start(SlurmJob job, List<String> self, boolean lock, Processes processes) throws CannotStart {
        int nodes = job.nodes();
        ProcessBuilder pb = new ProcessBuilder(srun(job, self)).redirectError(ProcessBuilder.Redirect.INHERIT)
                .redirectOutput(lock ? ProcessBuilder.Redirect.PIPE : ProcessBuilder.Redirect.INHERIT)
                .redirectInput(lock ? ProcessBuilder.Redirect.PIPE : ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().put(TASK, "1");
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new CannotStart("run --every-node: cannot start srun: " + e.getMessage(), false);
        }
        int[] signal = {0};
        IntConsumer forward = SignalForwarding.to(p.toHandle(), processes, false);
        try (StopOnSignal signals = new StopOnSignal(s -> {
                signal[0] = s;
                forward.accept(s);
            })) {
            return lock ? readiness(p, nodes, signal) : new Step(p, ChildCommand.waitFor(p), false, signal[0]);
        }
    }

    /** The highest status the tasks said once locked; srun's own if it ended before every task had said one. */
    private static Step readiness(Process p, int nodes, int[] signal) {
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
            return new Step(p, ChildCommand.waitFor(p), true, signal[0]);
        }
        return new Step(p, status, false, signal[0]);
    }

    /**
     * In a task of run --every-node --lock, once the lock is done: says STATUS (also when nothing could be
     * locked: every node answers) and holds what is locked until stdin ends, or a signal comes.
     */
    public static int hold(int status, boolean locked, InputStream in, PrintStream out, StopRequest stop) {
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
        try (StopOnSignal signals = StopOnSignal.untilSignal(stop)) {
            stop.await();
        }
        return status;
    }
}
