package dirdump.read;

import java.util.concurrent.atomic.LongAdder;

/**
 * What a read run shares with the world outside its threads: live counts for the progress line, an
 * optional rate limit, and the request to stop (a signal), which every worker checks between files.
 */
public final class ReadControl {
    private final LongAdder files = new LongAdder();
    private final LongAdder bytes = new LongAdder();
    private final Pacer pacer;
    private volatile int signal;

    /** {@code bytesPerSecond}: 0 for no limit. */
    public ReadControl(long bytesPerSecond) {
        this.pacer = bytesPerSecond > 0 ? new Pacer(bytesPerSecond) : null;
    }

    /** Asks the workers to stop after the file each is on; {@code signal} is the reason, for the exit status. */
    public void stop(int signalNumber) {
        signal = signalNumber;
    }

    public boolean stopped() {
        return signal != 0;
    }

    /** The signal that stopped the run, or 0. */
    public int signal() {
        return signal;
    }

    public long files() {
        return files.sum();
    }

    public long bytes() {
        return bytes.sum();
    }

    void fileDone() {
        files.increment();
    }

    void transferred(long n) {
        bytes.add(n);
        if (pacer != null) {
            pacer.pace(n, this);
        }
    }
}
