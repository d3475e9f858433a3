package dirdump.scan;

import dirdump.outcome.Reporter;
import dirdump.outcome.SkipReason;
import dirdump.outcome.Tally;
import dirdump.sys.Directory;
import dirdump.sys.FileSystems;
import dirdump.sys.FileType;
import dirdump.sys.Os;
import dirdump.sys.PathNames;
import dirdump.sys.Stat;
import dirdump.sys.SysException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * Lists every file under the PATHs, with the inode each directory gives for it: no file is stat'ed
 * before it is ordered (only entries of unknown type, and files on overlayfs, whose layers give them
 * devices of their own). The walk is depth first with an explicit stack, so depth is limited by
 * memory, not by the thread's stack. Then the files of a --files-from list, each stat'ed (a list gives
 * no inode).
 *
 * <p>Only PATHs are resolved by name. Every directory below one is opened relative to its parent's
 * handle, with O_NOFOLLOW unless -L, and must be the directory its parent listed (the inode, or a
 * mount root on top of it); it is listed through that handle, which stays open in {@link
 * DirectoryHandles} for the passes after. A directory swapped for a link between two system calls is
 * reported, never entered. The directories of --files-from names are resolved with no symbolic link
 * followed (see {@link Os#openBeneath}) unless -L.
 */
public final class Walker {
    private static final long OVERLAYFS = 0x794C7630L;

    private final Os os;
    private final WalkSettings settings;
    private final Reporter reporter;
    private final Tally tally;
    private final DirectoryTable dirs = new DirectoryTable();
    private final FileList files = new FileList();
    private final DirectoryHandles handles;
    /** The file system (statfs magic) of each device met, asked of its first directory. */
    private final Map<Long, Long> fileSystems = new HashMap<>();
    /** Directories already walked, by (device, inode): a PATH given twice, a bind mount, a link (-L). */
    private final Set<DevIno> visited = new HashSet<>();
    /**
     * The root made for each parent directory of files named by themselves (file PATHs, list entries),
     * by its path and how it is resolved: the files of a directory share one root, so that a long list
     * costs a FileList entry a file, not a DirectoryTable root; -1 for one that could not be opened.
     */
    private final Map<ByteBuffer, NamedParent> namedParents = new HashMap<>();
    /** The PATH being walked: -x compares each directory's mount with its. */
    private Stat rootStat;
    private int[] stack = new int[64];
    private int stackSize;
    private int[] children = new int[16];
    private int childCount;
    private BooleanSupplier stop = () -> false;
    /** A list entry that does not exist is skipped as gone (a snapshot's), not an error (a --files-from list's). */
    private boolean missingIsGone;

    private record DevIno(long dev, long ino) {
        // Written out: a record's own equals and hashCode are bootstrapped through method handles at
        // their first call, about 15 ms of every start.
        @Override
        public boolean equals(Object o) {
            return o instanceof DevIno other && other.dev == dev && other.ino == ino;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(dev * 31 + ino);
        }
    }

    public Walker(Os os, WalkSettings settings, Reporter reporter, Tally tally) {
        this(os, settings, reporter, tally, DirectoryHandles.capacityFor(os.descriptorLimit()));
    }

    /** {@code openDirectories}: how many directory handles stay open at most (tests make it small). */
    public Walker(Os os, WalkSettings settings, Reporter reporter, Tally tally, int openDirectories) {
        this.os = os;
        this.settings = settings;
        this.reporter = reporter;
        this.tally = tally;
        this.handles = new DirectoryHandles(os, dirs, openDirectories);
    }

    /** Ends the walk early, with what was listed so far, once {@code stop} says so (a signal). */
    public Walker stopWhen(BooleanSupplier stop) {
        this.stop = stop;
        return this;
    }

    /** List entries that do not exist (ENOENT) are counted as gone since, as a --replay snapshot's are. */
    public Walker missingListedAreGone() {
        this.missingIsGone = true;
        return this;
    }

    /**
     * Walks the PATHs (their bytes, as the command line gave them), then adds the files of {@code list}
     * (null if there is none).
     */
    public Listing walk(List<byte[]> paths, NameList list) {
        int unusable = 0;
        for (byte[] operand : paths) {
            if (!stop.getAsBoolean() && !addOperand(operand)) {
                unusable++;
            }
        }
        if (list != null && !addListed(list)) {
            unusable++;
        }
        handles.settle();
        return new Listing(dirs, files, handles, fileSystems, unusable);
    }

    /**
     * A PATH is followed if it is a symbolic link, as coreutils and find -H do. It is stat'ed as given,
     * so that "FILE/" is refused (ENOTDIR) as the kernel refuses it.
     */
    private boolean addOperand(byte[] operand) {
        byte[] path = normalize(operand);
        Stat st;
        try {
            st = os.stat(operand);
        } catch (SysException e) {
            reporter.error(path, e.getMessage());
            return false;
        }
        if (st.type() != FileType.DIRECTORY) {
            int slash = PathNames.lastSlash(path);
            NamedParent parent = namedParent(parentOf(path, slash), false);
            if (parent.root >= 0 && onPseudoFileSystem(parent.root, path, slash, st, true)) {
                pseudoPath(path);
            } else if (parent.root >= 0) {
                named(path, parent.root, st, true);
            } else {
                reporter.error(path, parent.failure.getMessage());
                tally.addError();
            }
            return true;
        }
        Directory h;
        try {
            h = os.openPath(operand, true);
        } catch (SysException e) {
            reporter.error(path, e.getMessage());
            tally.addError();
            return true;
        }
        Stat hs = h.stat();
        if (!visited.add(new DevIno(hs.dev, hs.ino))) {
            h.close();
            skip(path, SkipReason.DUPLICATE);
            return true;
        }
        if (pseudo(noteFileSystem(hs.dev, h))) {
            h.close();
            pseudoPath(path);
            return true;
        }
        int root = dirs.add(-1, path, hs.dev, hs.ino, (byte) 0);
        handles.opened(root, h);
        rootStat = hs;
        push(root);
        drain();
        return true;
    }

    /** False if the list itself could not be opened or read to its end. */
    private boolean addListed(NameList list) {
        try (list) {
            for (byte[] path; !stop.getAsBoolean() && (path = list.next()) != null; ) {
                listed(path);
            }
            return true;
        } catch (SysException e) {
            reporter.error(list.name(), e.getMessage());
            return false;
        }
    }

    /**
     * A list entry is taken as the walk takes an entry (a symbolic link is followed only with -L, in
     * its directory part too), not as a PATH: a list is a program's output, such as find's, which names
     * links too. A name that does not exist is an error of that file, not of the command line.
     */
    private void listed(byte[] entry) {
        boolean follow = settings.follow();
        byte[] path = normalize(entry);
        int slash = PathNames.lastSlash(path);
        NamedParent parent = namedParent(parentOf(path, slash), !follow);
        if (parent.root < 0) {
            if (missingIsGone && parent.failure.isGone()) {
                skip(path, SkipReason.GONE);
            } else if (!follow && parent.failure.isSymbolicLink()) {
                skip(path, SkipReason.SYMLINK);
            } else {
                reporter.error(path, parent.failure.getMessage());
                tally.addError();
            }
            return;
        }
        byte[] name = Arrays.copyOfRange(path, slash + 1, path.length);
        try (Handle h = new Handle(parent.root)) {
            Stat st = os.stat(h.dir, name, follow);
            if (entry.length > path.length && st.type() != FileType.DIRECTORY) {
                throw SysException.notADirectory();  // "FILE/", as the kernel says
            }
            if (onPseudoFileSystem(parent.root, path, slash, st, follow)) {
                skip(path, SkipReason.PSEUDO_FILE_SYSTEM);
            } else {
                named(path, parent.root, st, follow);
            }
        } catch (SysException e) {
            if (follow && e.isSymbolicLink()) {
                loop(path);
            } else if (follow && exists(parent.root, name)) {
                skip(path, SkipReason.SYMLINK);  // a dangling link: nothing to read behind it
            } else if (missingIsGone && e.isGone()) {
                skip(path, SkipReason.GONE);
            } else {
                reporter.error(path, e.getMessage());
                tally.addError();
            }
        }
    }

    private boolean exists(int root, byte[] name) {
        try (Handle h = new Handle(root)) {
            os.stat(h.dir, name, false);
            return true;
        } catch (SysException e) {
            return false;
        }
    }

    /**
     * A file named by itself: a file PATH or a list entry. A directory named in a list is not walked:
     * find lists every directory as well as the files in it.
     */
    private void named(byte[] path, int root, Stat st, boolean followed) {
        FileType type = st.type();
        String why = settings.filter().leftOutNamed(path, type == FileType.DIRECTORY);
        if (why != null) {
            filtered(path, why);
        } else if (type == FileType.REGULAR) {
            int slash = PathNames.lastSlash(path);
            files.add(root, Arrays.copyOfRange(path, slash + 1, path.length), st.dev, st.ino, followed);
            noteLayer(st.dev, dirs.dev(root));
        } else {
            skip(path, type == FileType.DIRECTORY ? SkipReason.LISTED_DIRECTORY : SkipReason.forType(type));
        }
    }

    /** "" for a bare name (the working directory), "/" for a name in the root directory. */
    private static byte[] parentOf(byte[] path, int slash) {
        return slash < 0 ? new byte[0] : Arrays.copyOf(path, Math.max(slash, 1));
    }

    /** The root made for the directory of named files, or -1 with why it could not be opened. */
    private record NamedParent(int root, SysException failure) {
    }

    /**
     * The root for the directory of a named file, opened once: by name for a file PATH (or with -L),
     * below where the name starts with no link followed for a list entry. A link on the way is told
     * once, for all the files named in it.
     */
    private NamedParent namedParent(byte[] parent, boolean listed) {
        ByteBuffer key = ByteBuffer.wrap(Arrays.copyOf(parent, parent.length + 1));
        key.put(parent.length, (byte) (listed ? 1 : 0));
        NamedParent known = namedParents.get(key);
        if (known != null) {
            return known;
        }
        NamedParent made;
        try {
            Directory h = handles.openRoot(parent, listed);
            Stat hs = h.stat();
            noteFileSystem(hs.dev, h);
            int root = dirs.add(-1, parent, hs.dev, hs.ino, listed ? DirectoryTable.LISTED : 0);
            handles.opened(root, h);
            made = new NamedParent(root, null);
        } catch (SysException e) {
            made = new NamedParent(-1, e);
            if (listed && e.isSymbolicLink()) {
                reporter.notice(parent.length == 0 ? new byte[] {'.'} : parent,
                        "a symbolic link on the way; the files listed in it are not read (-L follows it)");
            }
        }
        namedParents.put(key, made);
        return made;
    }

    private void drain() {
        while (stackSize > 0 && !stop.getAsBoolean()) {
            int d = stack[--stackSize];
            byte[] dirPath = dirs.path(d);
            int relStart = relativeStart(d, dirPath);
            childCount = 0;
            try (Handle h = new Handle(d)) {
                if (!os.opensSafelyIn(h.dir)) {
                    throw SysException.notPermitted("other users can write to it, and the java.nio "
                            + "fallback cannot open names there safely; not walked");
                }
                boolean overlay = fileSystems.getOrDefault(h.dir.stat().dev, 0L) == OVERLAYFS;
                os.list(h.dir, (name, ino, type) -> entry(d, h.dir, overlay, dirPath, relStart, name, ino, type));
                tally.addDirectory();
            } catch (SysException e) {
                changedOrError(dirPath, e, "not walked");
            }
            // Pushed in reverse so that subdirectories are walked in the order they were listed.
            for (int i = childCount - 1; i >= 0; i--) {
                push(children[i]);
            }
        }
    }

    /** Where the path relative to d's PATH starts in d's path (its length for the PATH itself). */
    private int relativeStart(int d, byte[] dirPath) {
        byte[] rootPath = dirs.name(dirs.root(d));
        boolean slash = rootPath.length > 0 && rootPath[rootPath.length - 1] == '/';
        return Math.min(dirPath.length, rootPath.length + (slash ? 0 : 1));
    }

    /**
     * {@code overlay}: the directory is on overlayfs, where a file's device is its layer's and its
     * inode number need not be unique beside the other layers' files, so each file is stat'ed; and a
     * merged directory's listed inode need not be the one it has when opened.
     */
    private void entry(int d, Directory dir, boolean overlay, byte[] dirPath, int relStart, byte[] name, long ino,
                       FileType listedType) {
        int depth = dirs.depth(d) + 1;
        if (depth > settings.maxDepth()) {
            return;
        }
        FileType type = listedType;
        Stat st = null;
        boolean throughLink = listedType == FileType.SYMLINK && settings.follow();
        if (type == FileType.UNKNOWN || throughLink || (type == FileType.REGULAR && overlay)) {
            // DT_UNKNOWN: the file system did not say.
            st = stat(dir, dirPath, name, throughLink);
            if (st == null) {
                return;
            }
            type = st.type();
        }
        // Before a directory is opened, so that an excluded one costs nothing and is never entered.
        String why = settings.filter().leftOut(dirPath, relStart, name, type == FileType.DIRECTORY);
        if (why != null) {
            filtered(DirectoryTable.join(dirPath, name), why);
            return;
        }
        if (type == FileType.REGULAR && throughLink && pseudo(fileSystemOf(dir, name, st.dev, true))) {
            skip(DirectoryTable.join(dirPath, name), SkipReason.PSEUDO_FILE_SYSTEM);  // a link to /proc/...
        } else if (type == FileType.REGULAR) {
            files.add(d, name, st != null ? st.dev : dirs.dev(d), st != null ? st.ino : ino, throughLink);
            if (st != null) {
                noteLayer(st.dev, dirs.dev(d));
            }
        } else if (type == FileType.DIRECTORY) {
            directory(d, dir, dirPath, name, overlay ? -1 : st != null ? st.ino : ino, throughLink);
        } else {
            skip(DirectoryTable.join(dirPath, name), SkipReason.forType(type));
        }
    }

    /**
     * Opens a subdirectory relative to its parent's handle and checks it: the inode the parent listed
     * (a mount root covers the listed inode with its own; -1: no listed inode to hold it to), on the
     * PATH's mount with -x, not a loop, not walked already. Then it is kept open for its own turn on
     * the stack.
     */
    private void directory(int d, Directory parent, byte[] dirPath, byte[] name, long listedIno, boolean throughLink) {
        if (dirs.depth(d) + 2 > settings.maxDepth()) {
            return;  // nothing below it is deep enough to read
        }
        byte[] path = DirectoryTable.join(dirPath, name);
        Directory child;
        try {
            child = OnDescriptorShortage.retry(handles, () -> os.openDirectory(parent, name, throughLink));
        } catch (SysException e) {
            changedOrError(path, e, "not walked");
            return;
        }
        Stat cs = child.stat();
        boolean mounted = cs.mountRoot || cs.dev != dirs.dev(d);
        if (listedIno != -1 && !throughLink && !mounted && cs.ino != listedIno) {
            tally.addChanged();
            reporter.error(path, "was replaced by another directory since it was listed; not walked");
        } else if (settings.oneFileSystem() && cs.onOtherMount(rootStat)) {
            skip(path, SkipReason.OTHER_FILE_SYSTEM);
        } else if (pseudo(noteFileSystem(cs.dev, child))) {
            skip(path, SkipReason.PSEUDO_FILE_SYSTEM);  // /proc below /, a link to /sys with -L
        } else if (throughLink && dirs.onPath(d, cs.dev, cs.ino)) {
            loop(path);
        } else if (!visited.add(new DevIno(cs.dev, cs.ino))) {
            skip(path, SkipReason.DUPLICATE);
        } else {
            int c = dirs.add(d, name, cs.dev, cs.ino, throughLink ? DirectoryTable.FOLLOWED : 0);
            handles.opened(c, child);
            if (childCount == children.length) {
                children = Arrays.copyOf(children, childCount * 2);
            }
            children[childCount++] = c;
            return;
        }
        child.close();
    }

    /** The file system of {@code dev}, asked of {@code dir} the first time the device is met. */
    private long noteFileSystem(long dev, Directory dir) {
        Long known = fileSystems.get(dev);
        if (known != null) {
            return known;
        }
        long magic;
        try {
            magic = os.fileSystemType(dir);
        } catch (SysException e) {
            magic = 0;  // the java.nio fallback: decided as an unknown file system
        }
        fileSystems.put(dev, magic);
        return magic;
    }

    /** The file system of a file that may lie on another device than its directory; 0 if unknown. */
    private long fileSystemOf(Directory dir, byte[] name, long dev, boolean follow) {
        Long known = fileSystems.get(dev);
        if (known != null) {
            return known;
        }
        try {
            long magic = os.fileSystemType(dir, name, follow);
            fileSystems.put(dev, magic);
            return magic;
        } catch (SysException e) {
            return 0;
        }
    }

    /** Whether a file named by itself lies on a pseudo file system: /proc/self/pagemap as PATH, say. */
    private boolean onPseudoFileSystem(int root, byte[] path, int slash, Stat st, boolean follow) {
        if (st.type() != FileType.REGULAR) {
            return false;
        }
        try (Handle h = new Handle(root)) {
            return pseudo(fileSystemOf(h.dir, Arrays.copyOfRange(path, slash + 1, path.length), st.dev, follow));
        } catch (SysException e) {
            return false;  // the read says what became of it
        }
    }

    private static boolean pseudo(long magic) {
        return FileSystems.pseudo(magic);
    }

    /** A PATH on proc, sysfs and the like: one warning, counted as skipped, not an error. */
    private void pseudoPath(byte[] path) {
        tally.addSkipped(SkipReason.PSEUDO_FILE_SYSTEM);
        reporter.notice(path, "on a pseudo file system, which has no page cache to warm; skipped");
    }

    /** A file on overlayfs has its layer's device: counted as the overlay's file system. */
    private void noteLayer(long fileDev, long dirDev) {
        if (fileDev != dirDev && fileSystems.getOrDefault(dirDev, 0L) == OVERLAYFS) {
            fileSystems.putIfAbsent(fileDev, OVERLAYFS);
        }
    }

    /** A directory that is no longer what was listed is a change (a link or a file now); others are errors. */
    private void changedOrError(byte[] path, SysException e, String notDone) {
        String changed = FileOpener.change(e, false);
        if (changed != null) {
            tally.addChanged();
            reporter.error(path, changed + "; " + notDone);
        } else {
            reporter.error(path, e.getMessage());
            tally.addError();
        }
    }

    private Stat stat(Directory dir, byte[] dirPath, byte[] name, boolean follow) {
        try {
            return os.stat(dir, name, follow);
        } catch (SysException e) {
            byte[] path = DirectoryTable.join(dirPath, name);
            if (follow && e.isSymbolicLink()) {
                loop(path);
            } else if (follow) {
                skip(path, SkipReason.SYMLINK);  // a dangling link: nothing to read behind it
            } else {
                reporter.error(path, e.getMessage());
                tally.addError();
            }
            return null;
        }
    }

    private void loop(byte[] path) {
        reporter.notice(path, "symbolic link loop; not followed");
        tally.addSkipped(SkipReason.LOOP);
    }

    private void filtered(byte[] path, String why) {
        tally.addSkipped(SkipReason.PATTERN);
        reporter.filtered(path, why);
    }

    private void skip(byte[] path, SkipReason reason) {
        tally.addSkipped(reason);
        reporter.skipped(path, reason);
    }

    private void push(int d) {
        if (stackSize == stack.length) {
            stack = Arrays.copyOf(stack, stackSize * 2);
        }
        stack[stackSize++] = d;
    }

    /** A directory's handle, held while the walk uses it. */
    private final class Handle implements AutoCloseable {
        final int d;
        final Directory dir;

        Handle(int d) throws SysException {
            this.dir = handles.acquire(d);
            this.d = d;
        }

        @Override
        public void close() {
            handles.release(d);
        }
    }

    /** "dir///" and "dir/" become "dir"; "/" stays. */
    private static byte[] normalize(byte[] path) {
        int end = path.length;
        while (end > 1 && path[end - 1] == '/') {
            end--;
        }
        return Arrays.copyOf(path, end);
    }
}
