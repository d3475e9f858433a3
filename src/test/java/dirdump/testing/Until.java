package dirdump.testing;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * A wait for a condition another process makes true, polled, with a bound that only keeps a test that
 * would never see it from hanging: generous, since the machine may be loaded; no speed is claimed.
 */
public final class Until {
    private static final long POLL_MILLIS = 20;

    private Until() {
    }

    /** Something to check that may throw (a file read, a process looked at). */
    @FunctionalInterface
    public interface Condition {
        boolean holds() throws Exception;
    }

    /** Returns once {@code condition} holds; fails, saying {@code what} was waited for, after {@code bound}. */
    public static void holds(Duration bound, Supplier<String> what, Condition condition) throws Exception {
        long deadline = System.nanoTime() + bound.toNanos();
        while (!condition.holds()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("waited " + bound.toSeconds() + " s for " + what.get());
            }
            Thread.sleep(POLL_MILLIS);
        }
    }

    /** As above, with a fixed text. */
    public static void holds(Duration bound, String what, Condition condition) throws Exception {
        holds(bound, () -> what, condition);
    }
}
