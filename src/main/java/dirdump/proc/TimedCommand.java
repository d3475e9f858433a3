package dirdump.proc;

import dirdump.outcome.StopRequest;
import java.io.File;
import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A shell command ({@code sh -c}, bench's --vs) with its output discarded, timed from start to exit, its
 * own start included, and ended if it runs out of time or a stop is asked.
 *
 * <p>It runs in a process group of its own (setsid(1): Java cannot set one for a child), so that all
 * it started can be ended together: when it runs out of time, when it is stopped, and after it exits
 * (what it left in the background would run on).
 */
public final class TimedCommand {
    /** After SIGTERM, how long the command has to end before SIGKILL. */
    private static final long GRACE_NANOS = TimeUnit.SECONDS.toNanos(2);

    /** How a run ended: its time; {@code started}: it ran at all; {@code failure}: null if it exited 0, else what went wrong. */
    public record Ended(long nanos, boolean started, String failure) {
    }

    private TimedCommand() {
    }

    /** Runs {@code command}; {@code timeoutNanos}: how long it may take before it is ended and counted as failed. */
    public static Ended run(String command, long timeoutNanos, StopRequest stop) {
        return run(command, Map.of(), timeoutNanos, stop);
    }

    /** As above, with {@code environment} added to the command's. */
    public static Ended run(String command, Map<String, String> environment, long timeoutNanos, StopRequest stop) {
        // setsid(1) makes the group and execs sh: the child's pid is its process group's id. (It forks
        // first only when it is a group leader already, which a child of this JVM never is.)
        ProcessBuilder pb = new ProcessBuilder("setsid", "sh", "-c", command)
                .redirectInput(Redirect.from(new File("/dev/null")))  // never the caller's stdin
                .redirectOutput(Redirect.DISCARD)
                .redirectError(Redirect.DISCARD);
        pb.environment().putAll(environment);
        long start = System.nanoTime();
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            return new Ended(System.nanoTime() - start, false, "cannot start setsid (util-linux): " + e.getMessage());
        }
        String failure;
        long nanos;
        try {
            failure = await(p, start, timeoutNanos, stop);
            nanos = System.nanoTime() - start;
        } finally {
            signalGroup(p.pid(), "KILL");  // whatever it left running, or all of it if it was ended
        }
        return new Ended(nanos, true, failure);
    }

    /** Waits for the command's exit: null if it exited 0, else what went wrong. The time ends at its exit. */
    private static String await(Process p, long start, long timeoutNanos, StopRequest stop) {
        while (true) {
            long left = start + timeoutNanos - System.nanoTime();
            if (stop.stopped()) {
                end(p);
                return "stopped by " + stop.signalName();
            }
            if (left <= 0) {
                end(p);
                return String.format(Locale.ROOT, "ran out of time: ended after %.1f s (--timeout)", timeoutNanos / 1e9);
            }
            try {
                // Returns as soon as the command exits; wakes at least every 50 ms to look for a stop.
                if (p.waitFor(Math.min(left, TimeUnit.MILLISECONDS.toNanos(50)), TimeUnit.NANOSECONDS)) {
                    return p.exitValue() == 0 ? null
                            : "exit status " + p.exitValue() + " (its output is discarded: run it alone to see why)";
                }
            } catch (InterruptedException e) {
                // nothing interrupts the caller's thread; the wait goes on
            }
        }
    }

    /** SIGTERM to the whole group, and the time to end; the caller's SIGKILL follows. */
    private static void end(Process p) {
        signalGroup(p.pid(), "TERM");
        try {
            p.waitFor(GRACE_NANOS, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            // SIGKILL follows at once
        }
    }

    /**
     * kill(2) to every process of the group, by the shell's kill (a negative pid names a group): no
     * native code needed. A group that is empty already is no error.
     */
    private static void signalGroup(long pgid, String signal) {
        try {
            new ProcessBuilder("sh", "-c", "kill -s " + signal + " -- -" + pgid + " 2>/dev/null")
                    .redirectInput(Redirect.from(new File("/dev/null")))
                    .redirectOutput(Redirect.DISCARD)
                    .redirectError(Redirect.DISCARD)
                    .start().waitFor();
        } catch (IOException | InterruptedException e) {
            // sh started the command a moment ago; if it cannot start now, there is nobody to tell
        }
    }
}
