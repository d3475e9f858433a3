package dirdump.read;

import dirdump.outcome.StopRequest;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * What a read run shares with the world outside its threads: live counts for the progress line, an
 * optional rate limit, an optional bound on the bytes brought in (--max-bytes), and the request to
 * stop (a signal), which every worker checks between files.
 */
public final class ReadLimits {
    private final LongAdder files = new LongAdder();
    private final LongAdder bytes = new LongAdder();
    private final Pacer pacer;
    private final StopRequest stop;
    /** What --max-bytes leaves to bring in; null without a bound. */
    private final AtomicLong left;
    private long room = Long.MAX_VALUE;
    private Runnable beyondRoom;
    private final AtomicBoolean toldBeyondRoom = new AtomicBoolean();

    /** {@code bytesPerSecond}: 0 for no limit. */
    public ReadLimits(long bytesPerSecond, StopRequest stop) {
        this(bytesPerSecond, 0, stop);
    }

    /** {@code maxBytes}: the most to bring in, 0 for no bound. */
    public ReadLimits(long bytesPerSecond, long maxBytes, StopRequest stop) {
        this.pacer = bytesPerSecond > 0 ? new Pacer(bytesPerSecond) : null;
        this.stop = stop;
        this.left = maxBytes > 0 ? new AtomicLong(maxBytes) : null;
    }

    /** Runs {@code warning} once, when more than {@code bytes} have been brought in (more than memory holds). */
    public void whenBeyond(long bytes, Runnable warning) {
        this.room = bytes;
        this.beyondRoom = warning;
    }

    /** A signal, or the bound reached. */
    public boolean stopped() {
        return stop.stopped() || boundReached();
    }

    /** Whether there is a --max-bytes. */
    public boolean bounded() {
        return left != null;
    }

    /** Whether --max-bytes has been brought in. */
    public boolean boundReached() {
        return left != null && left.get() <= 0;
    }

    /**
     * How many of the next {@code n} bytes may be brought in: all of them without a bound, else what
     * it leaves (0 once reached). What a read does not use of it goes back by {@link #unused}.
     */
    long allow(long n) {
        if (left == null) {
            return n;
        }
        for (long have; ; ) {
            have = left.get();
            long take = Math.max(0, Math.min(n, have));
            if (take == 0 || left.compareAndSet(have, have - take)) {
                return take;
            }
        }
    }

    /** Bytes allowed but not read (the file ended first). */
    void unused(long n) {
        if (left != null && n > 0) {
            left.addAndGet(n);
        }
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
        if (beyondRoom != null && !toldBeyondRoom.get() && bytes.sum() > room && toldBeyondRoom.compareAndSet(false, true)) {
            beyondRoom.run();
        }
        if (pacer != null) {
            pacer.pace(n, this);
        }
    }
}
