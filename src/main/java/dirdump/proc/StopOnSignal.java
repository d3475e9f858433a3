package dirdump.proc;

import dirdump.outcome.StopRequest;
import java.util.function.IntConsumer;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * While a command runs, SIGINT, SIGTERM and SIGHUP ask it to stop after the entry in hand (the walk,
 * the pass over the files, bench's run), so that the summary of what was done is printed and the exit
 * status says which signal it was. SIGHUP is taken as SIGTERM is: a closed terminal or a stopped
 * session asks the same. A second signal ends the process at once. The JVM's own handlers come back
 * afterwards.
 */
public final class StopOnSignal implements AutoCloseable {
    private static final String[] SIGNALS = {"INT", "TERM", "HUP"};

    private final SignalHandler[] previous = new SignalHandler[SIGNALS.length];

    public StopOnSignal(StopRequest stop) {
        this(signal -> {
            if (stop.stopped()) {
                Runtime.getRuntime().halt(128 + signal);
            }
            stop.stop(signal);
        });
    }

    /** Each of the three signals, by its number, to {@code handler} instead (run: passed on to COMMAND). */
    StopOnSignal(IntConsumer handler) {
        for (int i = 0; i < SIGNALS.length; i++) {
            previous[i] = Signal.handle(new Signal(SIGNALS[i]), signal -> handler.accept(signal.getNumber()));
        }
    }

    @Override
    public void close() {
        for (int i = 0; i < SIGNALS.length; i++) {
            Signal.handle(new Signal(SIGNALS[i]), previous[i]);
        }
    }
}
