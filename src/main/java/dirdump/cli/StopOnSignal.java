package dirdump.cli;

import dirdump.read.ReadControl;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * While a read runs, SIGINT and SIGTERM ask it to stop after the files in hand, so that the summary of
 * what was done is printed and the exit status says which signal it was. A second signal ends the
 * process at once. The JVM's own handlers come back afterwards.
 */
final class StopOnSignal implements AutoCloseable {
    private static final String[] SIGNALS = {"INT", "TERM"};

    private final SignalHandler[] previous = new SignalHandler[SIGNALS.length];

    StopOnSignal(ReadControl control) {
        for (int i = 0; i < SIGNALS.length; i++) {
            previous[i] = Signal.handle(new Signal(SIGNALS[i]), signal -> {
                if (control.stopped()) {
                    Runtime.getRuntime().halt(128 + signal.getNumber());
                }
                control.stop(signal.getNumber());
            });
        }
    }

    /** "SIGINT" for 2, "SIGTERM" for 15. */
    static String name(int signal) {
        return signal == 2 ? "SIGINT" : signal == 15 ? "SIGTERM" : "signal " + signal;
    }

    @Override
    public void close() {
        for (int i = 0; i < SIGNALS.length; i++) {
            Signal.handle(new Signal(SIGNALS[i]), previous[i]);
        }
    }
}
