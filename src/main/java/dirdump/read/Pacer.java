package dirdump.read;

import java.util.concurrent.locks.LockSupport;

/**
 * Paces all readers together to a byte rate (--bwlimit): each transfer reserves its share of time
 * on one shared schedule, and the reader sleeps until its reservation is due.
 */
final class Pacer {
    /** Idle time is not saved up beyond this: after a pause, at most this much is read at full speed. */
    private static final long BURST_NANOS = 50_000_000L;

    private final double nanosPerByte;
    private long due = System.nanoTime();

    Pacer(long bytesPerSecond) {
        this.nanosPerByte = 1e9 / bytesPerSecond;
    }

    /** Waits until {@code bytes} more fit the rate; returns early if the run is told to stop. */
    void pace(long bytes, ReadControl control) {
        long wake;
        synchronized (this) {
            long now = System.nanoTime();
            due = Math.max(due, now - BURST_NANOS) + (long) (bytes * nanosPerByte);
            wake = due;
        }
        for (long wait; (wait = wake - System.nanoTime()) > 0 && !control.stopped(); ) {
            LockSupport.parkNanos(Math.min(wait, 100_000_000L));
        }
    }
}
