package dirdump.scan;

import dirdump.proc.WorkerThreads;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.IntConsumer;
import java.util.function.Supplier;

/**
 * The place in a sequence of files that the threads of a pass share: each takes the next file from it,
 * so files are started in sequence order however many threads work on them. A read that starts
 * while the walk goes on takes them from a sequence still growing (ListedSequence).
 */
public class SequenceCursor {
    private final int[] sequence;
    private final AtomicInteger taken = new AtomicInteger();

    public SequenceCursor(int[] sequence) {
        this.sequence = sequence;
    }

    /** The next file of the sequence, or -1 once every one has been taken. */
    public int next() {
        int i = taken.getAndIncrement();
        return i < sequence.length ? sequence[i] : -1;
    }

    /** How many files the sequence holds: so far, for one fed while the walk goes on. */
    public int listed() {
        return sequence.length;
    }

    /**
     * Whether {@link #next} would answer without waiting: always, but for a sequence fed while the walk
     * goes on (ListedSequence). A reader with reads in flight takes their completions meanwhile.
     */
    public boolean ready() {
        return true;
    }

    /**
     * Runs per-thread workers over the files of a sequence, for passes that only look at each file
     * (status, evict), where the time goes to system calls, which threads make side by side. Each worker
     * keeps its own state; the caller adds it up after. {@code perThread} makes one worker for each
     * thread; with one thread (or if the system refused every thread) it runs in the caller's. Once
     * {@code stop} says so (a signal), each ends after the file in hand.
     */
    public static void forEach(int[] sequence, int threads, BooleanSupplier stop, Supplier<IntConsumer> perThread) {
        SequenceCursor cursor = new SequenceCursor(sequence);
        Supplier<Runnable> loop = () -> {
            IntConsumer worker = perThread.get();
            return () -> {
                for (int f; !stop.getAsBoolean() && (f = cursor.next()) >= 0; ) {
                    worker.accept(f);
                }
            };
        };
        if (threads == 1) {
            loop.get().run();
            return;
        }
        WorkerThreads started = new WorkerThreads();
        for (int t = 0; t < threads; t++) {
            started.start("worker-" + t, loop);
        }
        if (started.refused() > 0 && started.started() == 0) {
            loop.get().run();  // the system would start no thread: the caller's works alone
        }
        started.join();
    }

    /** As many threads as cores, at most {@code max}, and not more than files. */
    public static int threads(int files, int max) {
        return Math.max(1, Math.min(Math.min(Runtime.getRuntime().availableProcessors(), max), files));
    }
}
