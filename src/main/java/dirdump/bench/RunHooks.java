package dirdump.bench;

import dirdump.outcome.StopRequest;
import dirdump.proc.TimedCommand;
import java.io.IOException;
import java.util.Map;

/**
 * bench's --prepare and --conclude: shell commands run right before and right after every timed run, in
 * no run's time, as hyperfine's are, so that what they do (set up a disk, read its counters) is the
 * run's alone: after bench's own eviction and check, before the next. Each is told the run in
 * DIRDUMP_BENCH_VARIANT and DIRDUMP_BENCH_ROUND. A null command is not run.
 */
public record RunHooks(String prepare, String conclude, long timeoutNanos) {
    public static final RunHooks NONE = new RunHooks(null, null, 0);

    /** A --prepare or --conclude command that did not exit 0: bench stops there. */
    public static final class Failed extends IOException {
        private static final long serialVersionUID = 1L;

        Failed(String message) {
            super(message);
        }
    }

    /** Before {@code v}'s run of {@code round}; false if a stop came during it. */
    boolean prepare(Variant v, int round, StopRequest stop) throws Failed {
        return run("--prepare", prepare, v, round, stop);
    }

    /** After {@code v}'s run of {@code round}; false if a stop came during it. */
    boolean conclude(Variant v, int round, StopRequest stop) throws Failed {
        return run("--conclude", conclude, v, round, stop);
    }

    private boolean run(String option, String command, Variant v, int round, StopRequest stop) throws Failed {
        if (command == null) {
            return true;
        }
        TimedCommand.Ended ended = TimedCommand.run(command,
                Map.of("DIRDUMP_BENCH_VARIANT", v.label(), "DIRDUMP_BENCH_ROUND", String.valueOf(round)), timeoutNanos,
                stop);
        if (stop.stopped()) {
            return false;
        }
        if (ended.failure() != null) {
            throw new Failed(option + " '" + command + "' (round " + round + ", " + v.label() + "): " + ended.failure());
        }
        return true;
    }
}
