package dirdump.read;

import dirdump.order.SequenceCursor;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The files of a read that starts while the walk goes on, in the order they are added: the walking
 * thread adds them and publishes them in batches; the readers take each in turn, and wait while the
 * next is not published yet and the walk has not ended. A file index a file, nothing more.
 */
public final class ListedSequence extends SequenceCursor {
    private final Object published = new Object();
    /** Written by the walking thread; volatile so that a grown copy is seen with what was copied into it. */
    private volatile int[] files = new int[1024];
    private int added;
    private volatile int visible;
    private volatile boolean ended;
    /**
     * Readers waiting for a file: the walk wakes them only then. Volatile, as {@code visible} is: a reader
     * counts itself before it looks at {@code visible}, the walk sets {@code visible} before it looks here,
     * so one of the two sees the other.
     */
    private volatile int waiting;
    private final AtomicInteger taken = new AtomicInteger();

    public ListedSequence() {
        super(new int[0]);
    }

    /** Adds file {@code f}, which the readers may take once {@link #publish}ed (the walking thread's). */
    public void add(int f) {
        int[] a = files;
        if (added == a.length) {
            a = Arrays.copyOf(a, added * 2);
            files = a;
        }
        a[added++] = f;
    }

    /** The files added so far may be taken. */
    public void publish() {
        if (added > visible) {
            visible = added;
            if (waiting > 0) {
                synchronized (published) {
                    published.notifyAll();
                }
            }
        }
    }

    /** Every file is added: once they are taken, the readers end. */
    public void end() {
        visible = added;
        ended = true;
        synchronized (published) {
            published.notifyAll();
        }
    }

    /** How many files were added. */
    public int size() {
        return visible;
    }

    @Override
    public boolean ready() {
        return taken.get() < visible || ended;
    }

    @Override
    public int next() {
        int i = taken.getAndIncrement();
        if (i >= visible && !ended) {
            synchronized (published) {
                waiting++;
                while (i >= visible && !ended) {
                    try {
                        published.wait();
                    } catch (InterruptedException e) {
                        // the walk ends the sequence whatever happens, a stop included
                    }
                }
                waiting--;
            }
        }
        return i < visible ? files[i] : -1;
    }
}
