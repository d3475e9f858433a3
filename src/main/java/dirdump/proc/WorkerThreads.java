package dirdump.proc;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The threads of one pass, started by name; those the system refused (a process limit, RLIMIT_NPROC:
 * "unable to create native thread") are counted, and the pass goes on with the others.
 */
public final class WorkerThreads {
    /** Run first in each thread (an I/O priority is per thread), or null. */
    private final Runnable atStart;
    private final List<Thread> started = new ArrayList<>();
    private int refused;
    private String refusal;

    public WorkerThreads() {
        this(null);
    }

    public WorkerThreads(Runnable atStart) {
        this.atStart = atStart;
    }

    /**
     * Starts a thread named {@code name} to run what {@code made} makes (in the calling thread); false if
     * the system refused it. Once one is refused the rest are not tried: they would be too, and each
     * would make its body first (a reader allocates its buffer).
     */
    public boolean start(String name, Supplier<Runnable> made) {
        if (refused > 0) {
            refused++;
            return false;
        }
        Runnable body = made.get();
        Thread t = new Thread(atStart == null ? body : () -> {
            atStart.run();
            body.run();
        }, name);
        try {
            t.start();
        } catch (OutOfMemoryError e) {
            refused++;
            refusal = e.getMessage();
            return false;
        }
        started.add(t);
        return true;
    }

    public int started() {
        return started.size();
    }

    /** How many threads were refused (or not tried after a refusal). */
    public int refused() {
        return refused;
    }

    /** Why the system refused the first thread it refused. */
    public String refusal() {
        return refusal;
    }

    /** Waits for every thread started to end. */
    public void join() {
        for (Thread t : started) {
            while (true) {
                try {
                    t.join();
                    break;
                } catch (InterruptedException e) {
                    // the workers end on their own
                }
            }
        }
    }
}
