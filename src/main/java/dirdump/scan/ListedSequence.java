package dirdump.scan;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The files of a read that starts while the walk goes on, in the order they are added: the walking
 * thread adds them and publishes them in batches; the readers take each in turn, and wait while the
 * next is not published yet and the walk has not ended. A file index a file, in blocks that are let go
 * once each of their files is taken: what it holds is the files listed and not taken yet (the walk's
 * lead over the readers), not every file listed.
 */
public final class ListedSequence extends SequenceCursor {
    /** Files a block: 16 KiB. */
    static final int BLOCK = 4096;

    /** {@link #BLOCK} files of the sequence from {@code start} on. */
    private static final class Block {
        final int start;
        final int[] files = new int[BLOCK];
        /** Linked by the walking thread before it publishes a file of it. */
        volatile Block next;
        /** How many of its files the readers have taken out of it: all, and it is let go. */
        final AtomicInteger takenOut = new AtomicInteger();

        Block(int start) {
            this.start = start;
        }
    }

    private final Object published = new Object();
    /** The first block a reader may still need: every block before it has had each of its files taken. */
    private volatile Block oldest = new Block(0);
    /** The walking thread's: the block it adds to. */
    private Block newest = oldest;
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
        if (added == newest.start + BLOCK) {
            Block b = new Block(added);
            newest.next = b;
            newest = b;
        }
        newest.files[added++ - newest.start] = f;
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

    /** How many files were added and may be taken. */
    @Override
    public int listed() {
        return visible;
    }

    /** How many blocks are held, from the first a reader may still need to the one the walk adds to. */
    int blocksHeld() {
        int n = 0;
        for (Block b = oldest; b != null; b = b.next) {
            n++;
        }
        return n;
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
        if (i >= visible) {
            return -1;
        }
        // File i's block is oldest or after it: a block is let go only once its every file is taken out.
        Block b = oldest;
        while (i >= b.start + BLOCK) {
            b = b.next;
        }
        int f = b.files[i - b.start];
        if (b.takenOut.incrementAndGet() == BLOCK) {
            letGo();
        }
        return f;
    }

    /** Moves {@code oldest} past the blocks whose every file is taken out, for the collector to have them. */
    private synchronized void letGo() {
        Block b = oldest;
        while (b.takenOut.get() == BLOCK && b.next != null) {
            b = b.next;
        }
        oldest = b;
    }
}
