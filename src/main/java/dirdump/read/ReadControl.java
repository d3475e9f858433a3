package dirdump.read;

import dirdump.scan.StopRequest;
import java.util.concurrent.atomic.LongAdder;

/**
 * What a read run shares with the world outside its threads: live counts for the progress line, an
 * optional rate limit, and the request to stop (a signal), which every worker checks between files.
 */
public final class ReadControl {
    private final LongAdder files = new LongAdder();
    private final LongAdder bytes = new LongAdder();
    private final Pacer pacer;
    private final StopRequest stop;

    /** {@code bytesPerSecond}: 0 for no limit. */
    public ReadControl(long bytesPerSecond, StopRequest stop) {
        this.pacer = bytesPerSecond > 0 ? new Pacer(bytesPerSecond) : null;
        this.stop = stop;
    }

    public boolean stopped() {
        return stop.stopped();
    }

    public long files() {
        return files.sum();
    }

    public long bytes() {
        return bytes.sum();
    }

    /** How many bytes a reader reads a call, at most {@code buffer}: fewer under a low --bwlimit (see Pacer). */
    int readSize(int buffer, int readers) {
        return pacer == null ? buffer : pacer.readSize(buffer, readers);
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
