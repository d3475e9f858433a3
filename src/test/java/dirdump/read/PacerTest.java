package dirdump.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.outcome.StopRequest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * --bwlimit's schedule (read.Pacer) on a clock of the test's, whose sleep moves it on: the arithmetic
 * of the rate, the burst and the stop, exactly, whatever the machine's load.
 */
class PacerTest {
    /** 1 MB/s: a byte is 1,000 ns, 25 ms (half the burst) is 25,000 bytes. */
    private static final long MB = 1_000_000;

    /** Time that moves only when the pacer sleeps, or when the test says. */
    private static final class TestClock implements Pacer.Clock {
        long now = 1_000_000_000_000L;
        final List<Long> sleeps = new ArrayList<>();
        Runnable onSleep = () -> { };

        @Override
        public long nanoTime() {
            return now;
        }

        @Override
        public void sleep(long nanos) {
            sleeps.add(nanos);
            now += nanos;
            onSleep.run();
        }
    }

    private final TestClock clock = new TestClock();
    private final StopRequest stop = new StopRequest();
    private final ReadLimits running = new ReadLimits(0, stop);

    @Test
    void fromTheFirstReadOnTheReadsTakeTheirSizeAtTheRate() {
        long start = clock.now;
        Pacer pacer = new Pacer(8 << 20, clock);  // 8 MiB/s: 64 KiB is 7,812,500 ns
        pacer.pace(64 << 10, running);
        assertEquals(7_812_500, clock.now - start, "the first read waits its time: nothing saved up at the start");
        for (int i = 1; i < 64; i++) {
            pacer.pace(64 << 10, running);
        }
        assertEquals(500_000_000, clock.now - start, "4 MiB at 8 MiB/s");
        assertTrue(clock.sleeps.stream().allMatch(s -> s > 0 && s <= 100_000_000), "sleeps of at most 100 ms: " + clock.sleeps);
    }

    @Test
    void readersShareOneSchedule() {
        // Reads of several readers, in any order, are paid on the one schedule: their sum sets the time.
        Pacer pacer = new Pacer(MB, clock);
        long start = clock.now;
        long[] reads = {4096, 1, 65536, 300_000, 12, 630_355};
        long total = 0;
        for (long bytes : reads) {
            pacer.pace(bytes, running);
            total += bytes;
        }
        assertEquals(1_000_000, total);
        assertEquals(1_000_000_000, clock.now - start, "1 MB at 1 MB/s");
    }

    @Test
    void idleTimeSavedUpIsAtMostHalfTheBurst() {
        Pacer pacer = new Pacer(MB, clock);
        pacer.pace(1000, running);
        clock.now += 10_000_000_000L;  // 10 s idle
        long before = clock.now;
        pacer.pace(25_000, running);
        assertEquals(before, clock.now, "25 ms worth at once after a pause");
        pacer.pace(10_000, running);
        assertEquals(before + 10_000_000, clock.now, "and no more: the next 10 ms worth waits 10 ms");
    }

    @Test
    void aStopEndsTheWaitWithinOneSleep() {
        Pacer pacer = new Pacer(MB, clock);
        clock.onSleep = () -> stop.stop(15);
        long before = clock.now;
        pacer.pace(5 * MB, running);  // 5 s due
        assertEquals(List.of(100_000_000L), clock.sleeps, "one sleep of 100 ms, then the stop is seen");
        assertEquals(before + 100_000_000, clock.now);

        clock.sleeps.clear();
        pacer.pace(MB, running);
        assertEquals(List.of(), clock.sleeps, "once stopped, no wait at all");
    }

    @Test
    void allReadersTogetherReadAtMostHalfTheBurstAhead() {
        Pacer slow = new Pacer(1024, clock);
        assertEquals(1, slow.readSize(256 << 10, 32), "at 1 KiB/s, 32 readers read a byte a call");
        Pacer pacer = new Pacer(8 << 20, clock);
        int size = pacer.readSize(256 << 10, 8);
        assertEquals(26_214, size, "25 ms at 8 MiB/s, in 8 shares");
        assertTrue(8L * size * 1e9 / (8 << 20) <= 25_000_000, "8 reads in flight are within 25 ms");
        assertEquals(64 << 10, new Pacer(1L << 30, clock).readSize(64 << 10, 1), "at most the buffer");
    }
}
