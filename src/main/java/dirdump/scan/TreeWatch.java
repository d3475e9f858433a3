package dirdump.scan;

import dirdump.outcome.Reporter;
import dirdump.sys.Directory;
import dirdump.sys.FileType;
import dirdump.sys.Inotify;
import dirdump.sys.OpenFile;
import dirdump.sys.Os;
import dirdump.sys.Stat;
import dirdump.sys.SysException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * Follow mode's view of the tree: every directory below the directory PATHs a walk listed, watched
 * with inotify and held open, each opened from its parent's handle (O_DIRECTORY|O_NOFOLLOW) and
 * watched through that handle, never by a name. Each name an event tells of is looked at again
 * relative to its directory's handle: fstatat without following a link, then a regular file opened
 * O_NOFOLLOW|O_NONBLOCK and checked by fstat to be the inode fstatat found, as the walk opens a file;
 * a directory is joined (watched first, then listed, so that what was made in it before the watch is
 * found too); anything else (a link, a FIFO, a device swapped in) is not used, and the file that had the
 * name is let go. What is kept of the files is {@link Files}' to say.
 *
 * <p>Events are taken in batches: a batch ends once no event came for {@link #QUIET_MILLIS}, or it is
 * {@link #BATCH_MILLIS} old, and each name is looked at once a batch however many events named it (a
 * rename storm, a file written in small pieces). A queue overflow (IN_Q_OVERFLOW), or more names in one
 * batch than {@link #MOST_PENDING}, is answered with a rescan of the whole tree. Between events the
 * thread waits in poll(2), woken every {@link #WAIT_MILLIS} to see whether it is to stop.
 */
public final class TreeWatch implements AutoCloseable {
    static final int QUIET_MILLIS = 50;
    static final int BATCH_MILLIS = 1000;
    static final int WAIT_MILLIS = 200;
    static final int MOST_PENDING = 65536;
    private static final byte[] DOT = {'.'};
    /** Descriptors left for what is not a followed directory: the JVM's own, files opened to lock or read. */
    private static final long RESERVED_DESCRIPTORS = 256;

    /** What is kept of the tree's files, told of each as it is found, changed or gone. */
    public interface Files {
        /**
         * The regular file {@code name} of directory {@code dir} (a watch descriptor), open and checked,
         * its fstat {@code stat}: found, or changed (written to, replaced). The file is closed after.
         */
        void present(int dir, byte[] name, byte[] path, OpenFile file, Stat stat);

        /** Name {@code name} of {@code dir} names no regular file any more. */
        void absent(int dir, byte[] name);

        /** Directory {@code dir} left the tree (removed, moved out): none of its names is there any more. */
        void directoryGone(int dir);

        /** A scan of the whole tree starts: every file it finds will be told as present. */
        void rescanStarted();

        /** The scan is over: every name it did not tell as present is gone. */
        void rescanEnded();
    }

    /**
     * The tree has more directories than can be followed: fs.inotify.max_user_watches leaves fewer
     * watches, or the descriptor limit fewer descriptors (one a directory). Its message is the one line
     * to show, with the number needed and how to raise the limit.
     */
    public static final class WatchLimit extends Exception {
        private WatchLimit(String message) {
            super(message);
        }

        static WatchLimit watches(long needed, long limit) {
            return new WatchLimit(String.format(Locale.ROOT, "inotify: the tree needs %,d watches (one a directory), "
                    + "more than fs.inotify.max_user_watches (%s) leaves this user: raise it (sysctl "
                    + "fs.inotify.max_user_watches=%d)", needed, limit < 0 ? "unknown" : String.format(Locale.ROOT,
                    "%,d", limit), Math.max(needed * 2, (limit < 0 ? 0 : limit) + needed)));
        }

        static WatchLimit descriptors(long needed, long limit) {
            return new WatchLimit(String.format(Locale.ROOT, "the tree needs %,d descriptors (one a directory "
                    + "followed), more than the descriptor limit (%,d) leaves: raise it (ulimit -n, LimitNOFILE= in a "
                    + "systemd unit)", needed, limit));
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }

    /** A directory watched: its handle held, where it is in the tree (changed when it is moved). */
    private static final class Watched {
        final int wd;
        final Directory handle;
        Watched parent;
        byte[] name;
        int depth;
        long generation;

        Watched(int wd, Directory handle, Watched parent, byte[] name, int depth) {
            this.wd = wd;
            this.handle = handle;
            this.parent = parent;
            this.name = name;
            this.depth = depth;
        }

        Watched root() {
            Watched w = this;
            while (w.parent != null) {
                w = w.parent;
            }
            return w;
        }

        byte[] path() {
            return parent == null ? name : FoundDirectories.join(parent.path(), name);
        }
    }

    /** A name in a watched directory; the bytes as ISO-8859-1, one char a byte, to compare and hash. */
    private record Key(int wd, String name) {
        static Key of(int wd, byte[] name) {
            return new Key(wd, new String(name, StandardCharsets.ISO_8859_1));
        }

        byte[] bytes() {
            return name.getBytes(StandardCharsets.ISO_8859_1);
        }
    }

    private final Os os;
    private final Inotify inotify;
    private final WalkSettings settings;
    private final Files files;
    private final Reporter reporter;
    private final long neededHint;
    private final List<Watched> roots = new ArrayList<>();
    private final Map<Integer, Watched> byWd = new HashMap<>();
    private final Map<Key, Watched> byName = new HashMap<>();
    private final Set<Key> pending = new LinkedHashSet<>();
    private final Set<Integer> ignored = new LinkedHashSet<>();
    private boolean overflow;
    private boolean limitTold;
    /** While the first scan runs: a limit met is kept here, to refuse the start, not told. */
    private boolean starting = true;
    private WatchLimit metAtStart;
    /** Checked between directories of a scan too: a rescan of a big tree does not hold a stop back. */
    private BooleanSupplier stop = () -> false;
    private long generation;
    private long events;
    private long batches;
    private long rescans;
    private long refused;

    private TreeWatch(Os os, Inotify inotify, WalkSettings settings, Files files, Reporter reporter, long neededHint) {
        this.os = os;
        this.inotify = inotify;
        this.settings = settings;
        this.files = files;
        this.reporter = reporter;
        this.neededHint = neededHint;
    }

    /**
     * Watches the directories below each of {@code paths} that {@code walk} walked as a directory (a file
     * PATH is not followed), from the handles the walk opened and checked, and scans them: every file
     * there now is told to {@code files}. The walk may be closed after. Throws the watch limit, with
     * nothing left watched, or the failure of inotify itself (the java.nio fallback, none left).
     */
    public static TreeWatch start(Os os, WalkResult walk, List<byte[]> paths, WalkSettings settings, Files files,
                                  Reporter reporter) throws SysException, WatchLimit {
        long needed = walk.directories.size();
        long limit = Inotify.maxUserWatches();
        if (limit >= 0 && needed > limit) {
            throw WatchLimit.watches(needed, limit);
        }
        long descriptors = os.descriptorLimit();
        if (needed > descriptors - RESERVED_DESCRIPTORS) {
            throw WatchLimit.descriptors(needed + RESERVED_DESCRIPTORS, descriptors);
        }
        Inotify inotify = Inotify.open(os);
        TreeWatch watch = new TreeWatch(os, inotify, settings, files, reporter, needed);
        try {
            for (int d = 0; d < walk.directories.size(); d++) {
                if (walk.directories.parent(d) < 0 && isPath(walk.directories.name(d), paths)
                        && settings.maxDepth() > 0) {
                    watch.root(walk, d);
                }
            }
            watch.rescan();
            if (watch.metAtStart != null) {
                throw watch.metAtStart;  // the user's other watches, or descriptors, left too few
            }
            watch.starting = false;
            return watch;
        } catch (SysException | WatchLimit | RuntimeException e) {
            watch.close();
            throw e;
        }
    }

    private static boolean isPath(byte[] name, List<byte[]> paths) {
        for (byte[] p : paths) {
            if (Arrays.equals(p, name)) {
                return true;
            }
        }
        return false;
    }

    /** A root's handle: a descriptor of its own, opened from the walk's (".", no name again), and watched. */
    private void root(WalkResult walk, int d) throws SysException, WatchLimit {
        Directory handle;
        Directory walked = walk.handles.acquire(d);
        try {
            handle = os.openDirectory(walked, DOT, false);
        } finally {
            walk.handles.release(d);
        }
        int wd;
        try {
            wd = watch(handle);
        } catch (SysException | WatchLimit e) {
            handle.close();
            throw e;
        }
        if (byWd.containsKey(wd)) {
            handle.close();  // the same directory given twice
            return;
        }
        Watched w = new Watched(wd, handle, null, walk.directories.name(d), 0);
        byWd.put(wd, w);
        roots.add(w);
    }

    private int watch(Directory dir) throws SysException, WatchLimit {
        try {
            return inotify.watch(dir);
        } catch (SysException e) {
            if (e.isNoRoom()) {
                throw WatchLimit.watches(Math.max(neededHint, byWd.size() + 1L), Inotify.maxUserWatches());
            }
            throw e;
        }
    }

    /** Directories watched now. */
    public int directories() {
        return byWd.size();
    }

    public long events() {
        return events;
    }

    public long batches() {
        return batches;
    }

    /**
     * Names an event brought that were not followed because of what they are: a symbolic link, FIFO,
     * device or socket (once an event; what the scans list of them is passed over uncounted).
     */
    public long refused() {
        return refused;
    }

    /** Rescans after the first scan (a queue overflow each, or a batch too large). */
    public long rescans() {
        return rescans - 1;
    }

    /**
     * Follows the tree until {@code stop}: each batch of events applied as it ends. A failure to read
     * the events ends it, and is thrown.
     */
    public void follow(BooleanSupplier stop) throws SysException {
        this.stop = stop;
        while (!stop.getAsBoolean()) {
            if (inotify.read(WAIT_MILLIS, this::event) == 0) {
                continue;
            }
            long start = System.nanoTime();
            while (!stop.getAsBoolean() && System.nanoTime() - start < BATCH_MILLIS * 1_000_000L
                    && inotify.read(QUIET_MILLIS, this::event) > 0) {
                // gathering the batch
            }
            apply();
        }
    }

    /** Applies what has been read so far: for a caller that reads events itself ({@link #poll}). */
    void apply() {
        batches++;
        for (int wd : ignored) {
            Watched w = byWd.get(wd);
            if (w != null) {
                drop(w, false);
            }
        }
        ignored.clear();
        if (overflow) {
            overflow = false;
            pending.clear();
            rescan();
            return;
        }
        List<Key> names = new ArrayList<>(pending);
        pending.clear();
        List<Watched> maybeGone = new ArrayList<>();
        for (Key k : names) {
            Watched dir = byWd.get(k.wd());
            if (dir != null) {
                look(dir, k.bytes(), maybeGone);
            }
        }
        for (Watched w : maybeGone) {
            if (byWd.get(w.wd) == w && byName.get(key(w)) != w) {
                drop(w, true);  // its name now names no directory, or another: it left the tree
            }
        }
    }

    /** Reads the events queued now, without waiting, and applies them: for tests. */
    void poll() throws SysException {
        while (inotify.read(0, this::event) > 0) {
            // all that is queued
        }
        apply();
    }

    private void event(int wd, int mask, byte[] name) {
        events++;
        if ((mask & Inotify.IN_Q_OVERFLOW) != 0) {
            overflow = true;
        } else if ((mask & Inotify.IN_IGNORED) != 0) {
            ignored.add(wd);
        } else if (name != null && !overflow) {
            pending.add(Key.of(wd, name));
            if (pending.size() > MOST_PENDING) {
                overflow = true;  // too many to keep: a rescan costs less than the names
            }
        }
    }

    /** The whole tree listed again from the roots; what is no longer reached is let go. */
    private void rescan() {
        rescans++;
        generation++;
        files.rescanStarted();
        for (Watched root : roots) {
            if (byWd.get(root.wd) == root) {
                scan(root, true);
            }
        }
        if (stop.getAsBoolean()) {
            return;  // cut short: what it did not reach is not gone
        }
        for (Watched w : new ArrayList<>(byWd.values())) {
            if (w.generation != generation && byWd.get(w.wd) == w) {
                drop(w, true);
            }
        }
        files.rescanEnded();
    }

    /** Lists {@code top} and the directories below it; {@code all}: those watched already too (a rescan). */
    private void scan(Watched top, boolean all) {
        ArrayDeque<Watched> todo = new ArrayDeque<>();
        todo.push(top);
        while (!todo.isEmpty() && !stop.getAsBoolean()) {
            Watched d = todo.pop();
            d.generation = generation;
            List<byte[]> names = new ArrayList<>();
            List<FileType> types = new ArrayList<>();
            // Each listing through a descriptor of its own ("." of the handle): a descriptor listed once
            // is at its end, and getdents64 would give nothing the next time.
            try (Directory listed = os.openDirectory(d.handle, DOT, false)) {
                os.list(listed, (name, ino, type) -> {
                    names.add(name);
                    types.add(type);
                });
            } catch (SysException e) {
                reporter.error(d.path(), "not followed: " + e.getMessage());
                continue;
            }
            for (int i = 0; i < names.size(); i++) {
                FileType type = types.get(i);
                if (type == FileType.DIRECTORY || type == FileType.REGULAR || type == FileType.UNKNOWN) {
                    Watched child = look(d, names.get(i), null);
                    if (child != null && (all || child.generation == -1)) {
                        todo.push(child);
                    }
                }
            }
        }
    }

    /**
     * Looks at name {@code name} of {@code dir} as it is now: a file told to {@link Files}, a directory
     * joined (and a new one scanned, unless it is returned to a scan that lists it). A watched directory
     * the name held is added to {@code maybeGone}. Returns the directory joined, if it is one.
     */
    private Watched look(Watched dir, byte[] name, List<Watched> maybeGone) {
        Key k = Key.of(dir.wd, name);
        Watched had = byName.get(k);
        Stat st;
        try {
            st = os.stat(dir.handle, name, false);
        } catch (SysException e) {
            st = null;
            if (!e.isGone()) {
                reporter.error(FoundDirectories.join(dir.path(), name), "not followed: " + e.getMessage());
            }
        }
        FileType type = st == null ? null : st.type();
        if (type == FileType.DIRECTORY && !leftOut(dir, name, true)) {
            files.absent(dir.wd, name);
            Watched child = join(dir, name, st);
            if (had != null && had != child && maybeGone != null) {
                maybeGone.add(had);
            }
            if (child != null && child.generation == -1 && maybeGone != null) {
                scan(child, false);  // new here: what was made in it before its watch
            }
            return child;
        }
        if (had != null) {
            byName.remove(k);
            if (maybeGone != null) {
                maybeGone.add(had);
            }
        }
        if (type == FileType.REGULAR && !leftOut(dir, name, false)) {
            file(dir, name, st);
        } else {
            files.absent(dir.wd, name);  // gone, or a link, FIFO, device, socket now: not followed
            if (type != null && type != FileType.REGULAR && type != FileType.DIRECTORY) {
                refused++;
            }
        }
        return null;
    }

    private boolean leftOut(Watched dir, byte[] name, boolean directory) {
        if (settings.filter() == PathFilter.NONE) {
            return false;
        }
        byte[] dirPath = dir.path();
        byte[] rootPath = dir.root().name;
        boolean slash = rootPath.length > 0 && rootPath[rootPath.length - 1] == '/';
        int relStart = Math.min(dirPath.length, rootPath.length + (slash ? 0 : 1));
        return settings.filter().leftOut(dirPath, relStart, name, directory) != null;
    }

    /** The regular file {@code name}, opened as the walk opens one, told to {@link Files} if it is {@code st}'s. */
    private void file(Watched dir, byte[] name, Stat st) {
        try (OpenFile file = os.open(dir.handle, name, false)) {
            Stat now = file.stat();
            if (now.type() == FileType.REGULAR && now.sameFile(st.dev, st.ino)) {
                files.present(dir.wd, name, FoundDirectories.join(dir.path(), name), file, now);
            } else {
                files.absent(dir.wd, name);  // swapped between the fstatat and the open: its next event says
            }
        } catch (SysException e) {
            files.absent(dir.wd, name);
            if (e.isSymbolicLink()) {
                refused++;  // made a link between the fstatat and the open
            } else if (!e.isGone()) {
                reporter.error(FoundDirectories.join(dir.path(), name), "not followed: " + e.getMessage());
            }
        }
    }

    /**
     * Directory {@code name} of {@code parent}: opened from its handle and watched (the one watched
     * already, if it is: moved here), or null if it is not to be followed (--max-depth, -x, gone).
     */
    private Watched join(Watched parent, byte[] name, Stat listed) {
        if (parent.depth + 1 >= settings.maxDepth()) {
            return null;  // nothing in it is listed: nothing to follow
        }
        Directory h;
        try {
            h = os.openDirectory(parent.handle, name, false);
        } catch (SysException e) {
            if (e.isDescriptorShortage()) {
                tellLimitOnce(WatchLimit.descriptors(byWd.size() + 1L + RESERVED_DESCRIPTORS, os.descriptorLimit()));
            } else if (!e.isGone() && !e.isSymbolicLink() && !e.isNotADirectory()) {
                reporter.error(FoundDirectories.join(parent.path(), name), "not followed: " + e.getMessage());
            }
            return null;
        }
        if (settings.oneFileSystem() && h.stat().onOtherMount(parent.root().handle.stat())) {
            h.close();
            return null;
        }
        int wd;
        try {
            wd = watch(h);
        } catch (SysException | WatchLimit e) {
            h.close();
            if (e instanceof WatchLimit limit) {
                tellLimitOnce(limit);
            } else {
                reporter.error(FoundDirectories.join(parent.path(), name), "not followed: " + e.getMessage());
            }
            return null;
        }
        Watched known = byWd.get(wd);
        if (known != null) {
            h.close();  // watched already: moved here, or listed again
            if (known.parent != null && (known.parent != parent || !Arrays.equals(known.name, name))) {
                if (byName.get(key(known)) == known) {
                    byName.remove(key(known));
                }
                known.parent = parent;
                known.name = name;
                known.depth = parent.depth + 1;
            }
            if (known.parent != null) {
                byName.put(key(known), known);
            }
            return known;
        }
        Watched w = new Watched(wd, h, parent, name, parent.depth + 1);
        w.generation = -1;  // not listed yet
        byWd.put(wd, w);
        byName.put(key(w), w);
        return w;
    }

    /** A limit met while following: one line, the first time; the directories that find no room are not followed. */
    private void tellLimitOnce(WatchLimit limit) {
        if (starting) {
            metAtStart = metAtStart == null ? limit : metAtStart;
        } else if (!limitTold) {
            limitTold = true;
            reporter.problem("--watch: " + limit.getMessage() + "; what is new beyond it is not followed");
        }
    }

    private static Key key(Watched w) {
        return Key.of(w.parent.wd, w.name);
    }

    /** Lets {@code top} go, and with {@code below} every directory under it: unwatched, closed, its files gone. */
    private void drop(Watched top, boolean below) {
        Set<Watched> gone = new HashSet<>();
        gone.add(top);
        if (below) {
            for (Watched w : byWd.values()) {
                for (Watched a = w.parent; a != null; a = a.parent) {
                    if (a == top) {
                        gone.add(w);
                        break;
                    }
                }
            }
        }
        for (Watched w : gone) {
            inotify.unwatch(w.wd);
            w.handle.close();
            byWd.remove(w.wd);
            if (w.parent != null && byName.get(key(w)) == w) {
                byName.remove(key(w));
            }
            roots.remove(w);
            files.directoryGone(w.wd);
        }
    }

    /** Every watch removed (with the inotify descriptor) and every handle closed. */
    @Override
    public void close() {
        for (Watched w : byWd.values()) {
            w.handle.close();
        }
        byWd.clear();
        byName.clear();
        inotify.close();
    }
}
