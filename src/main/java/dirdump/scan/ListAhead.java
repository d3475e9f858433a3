package dirdump.scan;

import dirdump.proc.WorkerThreads;
import dirdump.sys.Directory;
import dirdump.sys.EntrySink;
import dirdump.sys.FileType;
import dirdump.sys.Os;
import dirdump.sys.SysException;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * Several directories listed at once, as fd's and ripgrep's walkers do, for a walk whose files are read
 * while it goes on: a few threads list the directories the walk will take next (getdents64 on the
 * handle it opened and checked, held meanwhile), so that their reads from a cold disk overlap, and the
 * walk takes each listing as if it listed the directory itself: the same entries in the same order,
 * the same error after them. Everything else stays the walk's, in its one thread: the checks, the
 * filters, the tables. A directory no thread has taken yet is listed by the walk, and what is kept
 * ahead is bounded ({@link #MOST_AHEAD} listings, room for {@link #MOST_ENTRIES} entries in all): a
 * listing that would pass the bound is dropped as it passes it, its room given back and its getdents64
 * calls ended, and the walk lists that directory itself, from its start.
 */
final class ListAhead implements AutoCloseable {
    private static final int MOST_AHEAD = 32;
    /** About 50 bytes an entry: 13 MiB, where a directory of millions kept whole would take hundreds, in each lister. */
    static final int MOST_ENTRIES = 1 << 18;

    private final Os os;
    private final DirectoryHandles handles;
    private final int threads;
    private final BooleanSupplier stop;
    private final int mostEntries;
    private final WorkerThreads started = new WorkerThreads();
    /** The directories to list next, the soonest first. */
    private final ArrayDeque<Integer> queue = new ArrayDeque<>();
    /** Every listing asked for and not taken by the walk yet: queued, being listed or done. */
    private final Map<Integer, Listing> listings = new HashMap<>();
    /** The entries the listings have room for, in all: what they hold at most. */
    private int room;
    private boolean closed;

    /** One directory's entries as getdents64 gave them, and the error that ended the listing, if one did. */
    private final class Listing implements EntrySink {
        boolean claimed;
        boolean done;
        /** Refused room, or not listed here at all: the walk lists the directory itself, from its start. */
        boolean dropped;
        byte[][] names = new byte[0][];
        long[] inos = new long[0];
        FileType[] types = new FileType[0];
        int count;
        SysException error;

        @Override
        public void entry(byte[] name, long ino, FileType type) {
            if (dropped) {
                return;
            }
            if (count == names.length) {
                int more = reserve(Math.max(16, count));
                if (more == 0) {
                    drop();
                    return;
                }
                names = Arrays.copyOf(names, count + more);
                inos = Arrays.copyOf(inos, count + more);
                types = Arrays.copyOf(types, count + more);
            }
            names[count] = name;
            inos[count] = ino;
            types[count++] = type;
        }

        /** Dropped: no more getdents64 for it (see EntrySink#full). */
        @Override
        public boolean full() {
            return dropped;
        }

        /** Lets go of what it holds, and gives its room back. */
        void drop() {
            dropped = true;
            release(names.length);
            names = null;
            inos = null;
            types = null;
        }

        void replay(EntrySink sink) throws SysException {
            for (int i = 0; i < count; i++) {
                sink.entry(names[i], inos[i], types[i]);
            }
            if (error != null) {
                throw error;
            }
        }
    }

    /** {@code mostEntries}: the room for entries the listings have in all (a test makes it small). */
    ListAhead(Os os, DirectoryHandles handles, int threads, BooleanSupplier stop, int mostEntries) {
        this.os = os;
        this.handles = handles;
        this.threads = threads;
        this.stop = stop;
        this.mostEntries = mostEntries;
    }

    /**
     * Room for up to {@code wanted} more entries in a listing, as much as the bound leaves (0: none, or
     * the walk is over or stopped, and the listing is dropped).
     */
    private synchronized int reserve(int wanted) {
        int more = closed || stop.getAsBoolean() ? 0 : Math.min(wanted, mostEntries - room);
        room += more;
        return more;
    }

    private synchronized void release(int entries) {
        room -= entries;
    }

    /** Directories {@code dirs[0..count)} will be listed soon, the first soonest: as many as there is room for are listed ahead. */
    synchronized void upcoming(int[] dirs, int count) {
        if (closed) {
            return;
        }
        for (int i = Math.min(count, MOST_AHEAD - listings.size()) - 1; i >= 0; i--) {
            listings.put(dirs[i], new Listing());
            queue.push(dirs[i]);
        }
        while (started.started() < Math.min(threads, queue.size()) && started.refused() == 0) {
            started.start("lister-" + started.started(), () -> this::listQueued);
        }
        notifyAll();
    }

    /** Lists directory {@code d} (held as {@code dir}) into {@code sink}: from the listing made ahead, else now. */
    void list(int d, Directory dir, EntrySink sink) throws SysException {
        Listing l;
        synchronized (this) {
            l = listings.remove(d);
            if (l != null && !l.claimed) {
                queue.removeFirstOccurrence(d);
                l = null;
            }
            while (l != null && !l.done) {
                waitUninterruptibly();
            }
        }
        if (l == null) {
            os.list(dir, sink);
        } else if (l.dropped) {
            os.listAgain(dir, sink);  // the lister's getdents64 calls moved the handle's offset, part or all of the way
        } else {
            try {
                l.replay(sink);
            } finally {
                release(l.names.length);
            }
        }
    }

    private void listQueued() {
        while (true) {
            int d;
            Listing l;
            synchronized (this) {
                while (queue.isEmpty() && !closed) {
                    waitUninterruptibly();
                }
                if (closed) {
                    return;
                }
                d = queue.pop();
                l = listings.get(d);
                l.claimed = true;
            }
            fill(d, l);
            synchronized (this) {
                l.done = true;
                notifyAll();
            }
        }
    }

    private void fill(int d, Listing l) {
        if (stop.getAsBoolean()) {
            l.drop();
            return;
        }
        DirectoryHandles.Held h;
        try {
            h = handles.hold(d);
        } catch (SysException e) {
            l.drop();  // the walk finds out why itself (or finds descriptors free by then)
            return;
        }
        try (h) {
            if (!os.opensSafelyIn(h.dir)) {
                l.drop();  // the walk refuses it, as it does without listing ahead
                return;
            }
            os.list(h.dir, l);
        } catch (SysException e) {
            l.error = e;
        }
    }

    private void waitUninterruptibly() {
        try {
            wait();
        } catch (InterruptedException e) {
            // the walk ends the listers by close; a signal is seen through stop
        }
    }

    /** Ends the listers, once the walk is over. */
    @Override
    public void close() {
        synchronized (this) {
            closed = true;
            queue.clear();
            listings.clear();
            notifyAll();
        }
        started.join();
    }
}
