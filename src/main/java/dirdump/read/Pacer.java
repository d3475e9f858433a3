package dirdump.read;

import java.util.concurrent.locks.LockSupport;

/**
 * Paces all readers together to a byte rate (--bwlimit): each transfer reserves its share of time
 * on one shared schedule, and the reader sleeps until its reservation is due.
 *
 * <p>A read is paid for after it is done (its size is known only then), so the reads in flight are
 * ahead of the schedule: each reader reads at most {@link #readSize} bytes a call, so that all of them
 * together are at most half the burst ahead, and idle time saved up makes the other half. Then from
 * the first read on, and after any pause, at most 50 ms worth is read beyond the rate.
 */
final class Pacer {
    /** The most that is ever read ahead of the rate, in time at the rate. */
    private static final long BURST_NANOS = 50_000_000L;

    private final double nanosPerByte;
    private final Clock clock;
    private long due;

    Pacer(long bytesPerSecond) {
        this(bytesPerSecond, Clock.SYSTEM);
    }

    /** With the time and the sleep of {@code clock}: a test's, so that it checks the schedule, not the machine's speed. */
    Pacer(long bytesPerSecond, Clock clock) {
        this.nanosPerByte = 1e9 / bytesPerSecond;
        this.clock = clock;
        this.due = clock.nanoTime();
    }

    /** What the pacer reads the time from and sleeps with. */
    interface Clock {
        Clock SYSTEM = new Clock() {
            @Override
            public long nanoTime() {
                return System.nanoTime();
            }

            @Override
            public void sleep(long nanos) {
                LockSupport.parkNanos(nanos);
            }
        };

        /** As System.nanoTime. */
        long nanoTime();

        /** Sleeps about {@code nanos}; may return early. */
        void sleep(long nanos);
    }

    /**
     * The most one of {@code readers} may read in a call, at most {@code buffer}: at 1 KiB/s with 32
     * readers, 1 byte (without it, the first reads of 32 readers with 256 KiB buffers would be 8 MiB).
     */
    int readSize(int buffer, int readers) {
        long share = (long) (BURST_NANOS / 2 / nanosPerByte / readers);
        return (int) Math.max(1, Math.min(buffer, share));
    }

    /** Waits until {@code bytes} more fit the rate; returns early if the run is told to stop. */
    void pace(long bytes, ReadLimits limits) {
        long wake;
        synchronized (this) {
            long now = clock.nanoTime();
            due = Math.max(due, now - BURST_NANOS / 2) + (long) (bytes * nanosPerByte);
            wake = due;
        }
        for (long wait; (wait = wake - clock.nanoTime()) > 0 && !limits.stopped(); ) {
            clock.sleep(Math.min(wait, 100_000_000L));
        }
    }
}
