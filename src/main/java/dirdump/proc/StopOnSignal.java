package dirdump.proc;

import dirdump.outcome.Reporter;
import dirdump.outcome.StopRequest;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * While a command runs, SIGINT, SIGTERM and SIGHUP ask it to stop after the entry in hand (the walk,
 * the pass over the files, bench's run), so that the summary of what was done is printed and the exit
 * status says which signal it was. SIGHUP is taken as SIGTERM is: a closed terminal or a stopped
 * session asks the same. A second signal ends the process at once. The JVM's own handlers come back
 * afterwards.
 *
 * <p>One signal is enough: a thread may wait in a call no Java interrupt ends (a read of a FUSE file
 * whose server does not answer is a killable wait; a FIFO no one writes to), so a command still
 * running 2 seconds after the first signal is ended there: one line says so, with what
 * was counted so far, and the process exits with 128 + the signal's number, which ends the waiting
 * thread too (exit_group).
 */
public final class StopOnSignal implements AutoCloseable {
    /** How long a command has after the first signal to finish its entry in hand and print its summary. */
    private static final int GRACE_SECONDS = 2;
    /** How long the line that ends it may take (stderr may be a full pipe): then the process ends without it. */
    private static final long SAY_MILLIS = 500;
    private static final String[] SIGNALS = {"INT", "TERM", "HUP"};

    private final SignalHandler[] previous = new SignalHandler[SIGNALS.length];
    private final IntConsumer handler;
    private boolean closed;
    /** Set once a signal is the command's normal end (see #holding). */
    private volatile boolean holding;

    /** {@code reporter}: where the line of a command ended after the grace period goes. */
    public StopOnSignal(StopRequest stop, Reporter reporter) {
        this.handler = signal -> {
            if (stop.stopped()) {
                Runtime.getRuntime().halt(128 + signal);
            }
            stop.stop(signal);
            Thread deadline = new Thread(() -> endIfStuck(stop, reporter, signal), "stop-deadline");
            deadline.setDaemon(true);
            deadline.start();
        };
        install();
    }

    /**
     * A hold that only waits for the signal (a task of run --every-node), with nothing in hand that could
     * keep it: the first signal stops it, a second ends the process.
     */
    static StopOnSignal untilSignal(StopRequest stop) {
        return new StopOnSignal(signal -> {
            if (stop.stopped()) {
                Runtime.getRuntime().halt(128 + signal);
            }
            stop.stop(signal);
        });
    }

    /** Each of the three signals, by its number, to {@code handler} instead (run: passed on to COMMAND). */
    StopOnSignal(IntConsumer handler) {
        this.handler = handler;
        install();
    }

    private void install() {
        for (int i = 0; i < SIGNALS.length; i++) {
            previous[i] = Signal.handle(new Signal(SIGNALS[i]), signal -> handler.accept(signal.getNumber()));
        }
    }

    /**
     * From now on a signal is the command's normal end (lock's hold), after which it has only work of its
     * own to do (unmapping a set however large, removing its pid file), and no grace period.
     */
    public void holding() {
        holding = true;
    }

    /** After the grace period, if the command has not ended: its line, then the process's end. */
    private void endIfStuck(StopRequest stop, Reporter reporter, int signal) {
        if (awaitClose() || holding) {
            return;
        }
        String sofar = stop.sofar();
        Thread say = new Thread(() -> reporter.problem("stopped by " + stop.signalName() + ": a call that had not returned "
                + GRACE_SECONDS + " s after it (a file system that does not answer, a FIFO no one writes to) was left"
                + (sofar == null ? "" : "; " + sofar + " before")), "stop-line");
        say.setDaemon(true);
        say.start();
        try {
            say.join(SAY_MILLIS);
        } catch (InterruptedException e) {
            // ending anyway
        }
        Runtime.getRuntime().halt(128 + signal);
    }

    /** Waits up to the grace period for {@link #close}; whether it came. */
    private synchronized boolean awaitClose() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(GRACE_SECONDS);
        for (long left; !closed && (left = deadline - System.nanoTime()) > 0; ) {
            try {
                TimeUnit.NANOSECONDS.timedWait(this, left);
            } catch (InterruptedException e) {
                // the daemon thread is never interrupted; wait on
            }
        }
        return closed;
    }

    @Override
    public void close() {
        for (int i = 0; i < SIGNALS.length; i++) {
            Signal.handle(new Signal(SIGNALS[i]), previous[i]);
        }
        synchronized (this) {
            closed = true;
            notifyAll();
        }
    }
}
