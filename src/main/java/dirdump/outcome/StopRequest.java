package dirdump.outcome;

import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * A request to stop (a signal, see proc.StopOnSignal), shared by the phases of one command: the walk,
 * each pass over the files and bench's runs check it between one entry and the next, so that the
 * command ends soon with the summary of what was done.
 */
public final class StopRequest implements BooleanSupplier {
    private volatile int signal;
    /** What was done so far, for the line of a command ended while a call still waits (see proc.StopOnSignal). */
    private volatile Supplier<String> sofar = () -> null;

    /** Asks every loop to stop after the entry in hand; {@code signalNumber} is the reason, for the exit status. */
    public synchronized void stop(int signalNumber) {
        signal = signalNumber;
        notifyAll();
    }

    /** Waits until a stop is asked (lock: the whole of its life once the set is locked). */
    public synchronized void await() {
        boolean interrupted = false;
        while (signal == 0) {
            try {
                wait();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    public boolean stopped() {
        return signal != 0;
    }

    /** The signal that stopped the command, or 0. */
    public int signal() {
        return signal;
    }

    /** "SIGINT" for 2, "SIGTERM" for 15, "SIGHUP" for 1. */
    public String signalName() {
        return signal == 2 ? "SIGINT" : signal == 15 ? "SIGTERM" : signal == 1 ? "SIGHUP" : "signal " + signal;
    }

    /** The name of the signal that stopped the command (for its summary), or null if none did. */
    public String stoppedBy() {
        return stopped() ? signalName() : null;
    }

    /**
     * Counts live while a pass runs ({@code sofar}: "3 files, 12.0 MiB read"), for the line that ends a
     * command whose thread still waits in a call after the signal's grace period (proc.StopOnSignal).
     */
    public void counting(Supplier<String> sofar) {
        this.sofar = sofar;
    }

    /** What the pass running counted so far, or null if it counts nothing live. */
    public String sofar() {
        return sofar.get();
    }

    @Override
    public boolean getAsBoolean() {
        return stopped();
    }
}
