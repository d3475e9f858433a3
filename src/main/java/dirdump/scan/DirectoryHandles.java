package dirdump.scan;

import dirdump.sys.Directory;
import dirdump.sys.Os;
import dirdump.sys.SysException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The open handles of the listed directories, which every pass opens its files relative to. Files are
 * read in inode or physical order, across many directories, so at most {@code capacity} handles stay
 * open: the least recently used one not in use is closed when another is needed. A closed handle is
 * opened again relative to its parent's (a root by its name), and must be the directory it was, by
 * device and inode; a directory that is not is remembered as failed, so its files fail without asking
 * the kernel again. Shared by the reading threads.
 */
public final class DirectoryHandles implements AutoCloseable {
    private static final int NONE = -1;

    private final Os os;
    private final FoundDirectories dirs;
    private final int capacity;
    private Directory[] handle = new Directory[64];
    /** How many callers hold each handle now: one in use is never closed. */
    private int[] users = new int[64];
    /** The open handles not in use, least recently used first: a doubly linked list of directory indices. */
    private int[] prev = new int[64];
    private int[] next = new int[64];
    private int head = NONE;
    private int tail = NONE;
    private int open;
    /** Every directory's handle is open for good: see {@link #settle}; volatile, as readers may run by then. */
    private volatile boolean allOpen;
    /** Why a directory cannot be used, once found: it changed since it was listed. */
    private final Map<Integer, SysException> failed = new HashMap<>();
    private final Set<Integer> reported = new HashSet<>();
    /** Where --files-from names start ("/", ".", "../.."): opened by name, kept open. */
    private final Map<String, Directory> bases = new HashMap<>();

    DirectoryHandles(Os os, FoundDirectories dirs, int capacity) {
        this.os = os;
        this.dirs = dirs;
        this.capacity = Math.max(1, capacity);
    }

    /** As many handles as the descriptor limit leaves room for, beside the readers' files. */
    static int capacityFor(long descriptorLimit) {
        final long reserved = 256;
        final long most = 65536;  // enough for any tree read in order; more only pins kernel memory
        return (int) Math.max(4, Math.min(most, descriptorLimit / 2 - reserved));
    }

    /**
     * Once the walk is over: if every listed directory's handle is still open, none will ever be closed
     * or opened again, and the readers take them without the lock (which 64 readers would contend for,
     * twice a file). Published to the readers by their threads' start, or by this volatile write to those
     * that read while the walk went on.
     */
    synchronized void settle() {
        allOpen = open == dirs.size();
    }

    /** A directory the walk has just opened and checked: kept open, not in use. */
    synchronized void opened(int d, Directory h) {
        grow(d);
        handle[d] = h;
        open++;
        append(d);
        evictOverCapacity();
    }

    /**
     * The open handle of directory {@code d}, opened again if it was closed; the caller releases it.
     * Throws why it cannot be: the error of opening it, or that it is no longer what was listed.
     */
    public Directory acquire(int d) throws SysException {
        Directory h = allOpen ? handle[d] : null;
        return h != null ? h : acquireLocked(d);
    }

    private synchronized Directory acquireLocked(int d) throws SysException {
        SysException known = failed.get(d);
        if (known != null) {
            throw known;
        }
        try {
            return reopen(d);
        } catch (SysException e) {
            if (!OnDescriptorShortage.shortage(e)) {
                failed.put(d, e);  // what the directory is now; running out of descriptors is not
            }
            throw e;
        }
    }

    /** Directory {@code d}'s handle, acquired for a try-with-resources that releases it. */
    Held hold(int d) throws SysException {
        return new Held(d, acquire(d));
    }

    /** A directory's handle, held while its holder uses it. */
    final class Held implements AutoCloseable {
        private final int d;
        final Directory dir;

        private Held(int d, Directory dir) {
            this.d = d;
            this.dir = dir;
        }

        @Override
        public void close() {
            release(d);
        }
    }

    public void release(int d) {
        if (!allOpen || handle[d] == null) {
            releaseLocked(d);
        }
    }

    private synchronized void releaseLocked(int d) {
        if (--users[d] == 0) {
            append(d);
            evictOverCapacity();
        }
    }

    /**
     * Why directory {@code d} cannot be had, as {@link #acquire} found it (once found, kept: its handle
     * is not tried again), or null while it can be; running out of descriptors is no directory's failure.
     */
    public synchronized SysException failure(int d) {
        return failed.get(d);
    }

    /** True the first time it is asked for a directory that failed: its failure is reported once. */
    public synchronized boolean firstToReport(int d) {
        return reported.add(d);
    }

    /** Opens d's closed ancestors down from the nearest open one (or its root), each held while its child opens. */
    private Directory reopen(int d) throws SysException {
        int[] chain = new int[16];
        int length = 0;
        int a = d;
        while (handle[a] == null && dirs.parent(a) >= 0) {
            if (length == chain.length) {
                chain = Arrays.copyOf(chain, length * 2);
            }
            chain[length++] = a;
            a = dirs.parent(a);
        }
        if (handle[a] == null) {
            install(a, openRoot(a));
        } else {
            take(a);
        }
        for (int i = length - 1; i >= 0; i--) {
            int child = chain[i];
            Directory h;
            try {
                h = checked(child, os.openDirectory(handle[a], dirs.name(child), dirs.followed(child)));
            } finally {
                release(a);
            }
            install(child, h);
            a = child;
        }
        return handle[d];
    }

    private Directory openRoot(int r) throws SysException {
        return checked(r, openRoot(dirs.name(r), dirs.listed(r)));
    }

    /**
     * Opens a root: by its name (a PATH, "" for the working directory), or, for the directory of
     * --files-from names, below where the name starts with no symbolic link followed.
     */
    synchronized Directory openRoot(byte[] name, boolean listed) throws SysException {
        if (!listed) {
            return os.openPath(name.length == 0 ? new byte[] {'.'} : name, false);
        }
        ListedName split = ListedName.of(name);
        Directory base = bases.get(split.base());
        if (base == null) {
            base = os.openPath(split.baseBytes(), false);
            bases.put(split.base(), base);
        }
        return os.openBeneath(base, split.rest());
    }

    private Directory checked(int d, Directory h) throws SysException {
        if (!h.stat().sameFile(dirs.dev(d), dirs.ino(d))) {
            h.close();
            throw SysException.changedSinceListed("was replaced by another directory since it was listed");
        }
        return h;
    }

    /** A handle just opened for a caller: in use by it. */
    private void install(int d, Directory h) {
        grow(d);
        handle[d] = h;
        open++;
        users[d] = 1;
        evictOverCapacity();
    }

    private void take(int d) {
        if (users[d]++ == 0) {
            unlink(d);
        }
    }

    private void evictOverCapacity() {
        while (open > capacity && head != NONE) {
            closeLeastRecentlyUsed();
        }
    }

    private void closeLeastRecentlyUsed() {
        int d = head;
        unlink(d);
        handle[d].close();
        handle[d] = null;
        open--;
    }

    private void append(int d) {
        prev[d] = tail;
        next[d] = NONE;
        if (tail != NONE) {
            next[tail] = d;
        } else {
            head = d;
        }
        tail = d;
    }

    private void unlink(int d) {
        if (prev[d] != NONE) {
            next[prev[d]] = next[d];
        } else {
            head = next[d];
        }
        if (next[d] != NONE) {
            prev[next[d]] = prev[d];
        } else {
            tail = prev[d];
        }
    }

    private void grow(int d) {
        if (d >= handle.length) {
            int n = Math.max(d + 1, handle.length * 2);
            handle = Arrays.copyOf(handle, n);
            users = Arrays.copyOf(users, n);
            prev = Arrays.copyOf(prev, n);
            next = Arrays.copyOf(next, n);
        }
    }

    /** Closes the handles not in use: descriptors for files, when the process has run out. */
    synchronized void closeUnused() {
        if (allOpen) {
            return;  // taken without the lock, so never closed: a descriptor reused meanwhile would be another file
        }
        while (head != NONE) {
            closeLeastRecentlyUsed();
        }
    }

    /** How many more handles may be opened before the least recently used are closed. */
    public synchronized int room() {
        return Math.max(0, capacity - open);
    }

    /** Closes every handle. */
    @Override
    public synchronized void close() {
        for (int d = 0; d < handle.length; d++) {
            if (handle[d] != null) {
                handle[d].close();
                handle[d] = null;
            }
        }
        bases.values().forEach(Directory::close);
        bases.clear();
        head = tail = NONE;
        open = 0;
    }
}
