package dirdump.scan;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.IntConsumer;
import java.util.function.Supplier;

/**
 * Runs per-thread workers over the files of a sequence, taking them in order through one shared
 * cursor: for passes that only look at each file (status, evict), where the time goes to system calls
 * and two cores do twice the work. Each worker keeps its own state; the caller adds it up after.
 */
public final class SharedCursor {
    private SharedCursor() {
    }

    /**
     * {@code perThread} makes one worker for each thread; with one thread it runs in the caller's. Once
     * {@code stop} says so (a signal), each ends after the file in hand.
     */
    public static void forEach(int[] sequence, int threads, BooleanSupplier stop, Supplier<IntConsumer> perThread) {
        AtomicInteger cursor = new AtomicInteger();
        List<Thread> started = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            IntConsumer worker = perThread.get();
            Runnable loop = () -> {
                for (int i; !stop.getAsBoolean() && (i = cursor.getAndIncrement()) < sequence.length; ) {
                    worker.accept(sequence[i]);
                }
            };
            if (threads == 1) {
                loop.run();
            } else {
                Thread thread = new Thread(loop, "worker-" + t);
                thread.start();
                started.add(thread);
            }
        }
        for (Thread thread : started) {
            while (true) {
                try {
                    thread.join();
                    break;
                } catch (InterruptedException e) {
                    // the workers end on their own
                }
            }
        }
    }

    /** As many threads as cores, at most {@code max}, and not more than files. */
    public static int threads(int files, int max) {
        return Math.max(1, Math.min(Math.min(Runtime.getRuntime().availableProcessors(), max), files));
    }
}
