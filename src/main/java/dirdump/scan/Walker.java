package dirdump.scan;

import dirdump.report.FilterReason;
import dirdump.report.Reporter;
import dirdump.report.SkipReason;
import dirdump.report.Tally;
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
 * before it is ordered (only directories, for their device, and entries of unknown type). The walk is
 * depth first with an explicit stack, so depth is limited by memory, not by the thread's stack. Then
 * the files of a --files-from list, each stat'ed (a list gives no inode).
 */
public final class Walker {
    private final Os os;
    private final WalkSettings settings;
    private final Reporter reporter;
    private final Tally tally;
    private final DirectoryTable dirs = new DirectoryTable();
    private final FileList files = new FileList();
    /** Directories already walked, by (device, inode): only needed when links are followed. */
    private final Set<DevIno> visited = new HashSet<>();
    /**
     * The root made for each parent directory of files named by themselves (file PATHs, list entries),
     * by its path: the files of a directory share one root, so that a long list costs a FileList entry
     * a file, not a DirectoryTable root.
     */
    private final Map<ByteBuffer, Integer> namedParents = new HashMap<>();
    private int[] stack = new int[64];
    private int stackSize;
    private int[] children = new int[16];
    private int childCount;
    private BooleanSupplier stop = () -> false;

    private record DevIno(long dev, long ino) {
    }

    public Walker(Os os, WalkSettings settings, Reporter reporter, Tally tally) {
        this.os = os;
        this.settings = settings;
        this.reporter = reporter;
        this.tally = tally;
    }

    /** Ends the walk early, with what was listed so far, once {@code stop} says so (a signal). */
    public Walker stopWhen(BooleanSupplier stop) {
        this.stop = stop;
        return this;
    }

    /** Walks the PATHs, then adds the files of {@code list} (null if there is none). */
    public Listing walk(List<String> paths, NameList list) {
        int unusable = 0;
        for (String operand : paths) {
            if (!stop.getAsBoolean() && !addOperand(normalize(PathNames.bytes(operand)))) {
                unusable++;
            }
        }
        if (list != null && !addListed(list)) {
            unusable++;
        }
        return new Listing(dirs, files, unusable);
    }

    /** A PATH is followed if it is a symbolic link, as coreutils and find -H do. */
    private boolean addOperand(byte[] path) {
        Stat st;
        try {
            st = os.stat(path, true);
        } catch (SysException e) {
            reporter.error(path, e.getMessage());
            return false;
        }
        if (st.type() == FileType.DIRECTORY) {
            int root = dirs.add(-1, path, st.dev, st.ino);
            markVisited(st.dev, st.ino);
            push(root);
            drain();
        } else {
            named(path, st, true);
        }
        return true;
    }

    /** False if the list itself could not be opened or read to its end. */
    private boolean addListed(NameList list) {
        try (list) {
            for (byte[] path; !stop.getAsBoolean() && (path = list.next()) != null; ) {
                listed(normalize(path));
            }
            return true;
        } catch (SysException e) {
            reporter.error(PathNames.bytes(list.name()), e.getMessage());
            return false;
        }
    }

    /**
     * A list entry is taken as the walk takes an entry (a symbolic link is followed only with -L), not
     * as a PATH: a list is a program's output, such as find's, which names links too. A name that does
     * not exist is an error of that file, not of the command line.
     */
    private void listed(byte[] path) {
        boolean follow = settings.follow();
        try {
            named(path, os.stat(path, follow), follow);
        } catch (SysException e) {
            if (follow && e.errno() == SysException.ELOOP) {
                loop(path);
            } else if (follow && exists(path)) {
                skip(path, SkipReason.SYMLINK);  // a dangling link: nothing to read behind it
            } else {
                reporter.error(path, e.getMessage());
                tally.addError();
            }
        }
    }

    private boolean exists(byte[] path) {
        try {
            os.stat(path, false);
            return true;
        } catch (SysException e) {
            return false;
        }
    }

    /**
     * A file named by itself: a file PATH or a list entry. A directory named in a list is not walked:
     * find lists every directory as well as the files in it.
     */
    private void named(byte[] path, Stat st, boolean followed) {
        FileType type = st.type();
        String why = settings.filter().leftOutNamed(path, type == FileType.DIRECTORY);
        if (why != null) {
            filtered(path, why);
        } else if (type == FileType.REGULAR) {
            int slash = PathNames.lastSlash(path);
            files.add(namedRoot(path, slash, st.dev), Arrays.copyOfRange(path, slash + 1, path.length),
                    st.dev, st.ino, followed);
        } else {
            skip(path, type == FileType.DIRECTORY ? SkipReason.LISTED_DIRECTORY : SkipReason.forType(type));
        }
    }

    /** The root for the directory of a named file ("" for a bare name), so that the name is a name, not a path. */
    private int namedRoot(byte[] path, int slash, long dev) {
        byte[] parent = slash < 0 ? new byte[0] : Arrays.copyOf(path, Math.max(slash, 1));
        return namedParents.computeIfAbsent(ByteBuffer.wrap(parent), p -> dirs.add(-1, parent, dev, 0));
    }

    private void drain() {
        while (stackSize > 0 && !stop.getAsBoolean()) {
            int d = stack[--stackSize];
            byte[] dirPath = dirs.path(d);
            int relStart = relativeStart(d, dirPath);
            childCount = 0;
            try {
                os.list(dirPath, settings.follow() || dirs.parent(d) < 0,
                        (name, ino, type) -> entry(d, dirPath, relStart, name, ino, type));
                tally.addDirectory();
            } catch (SysException e) {
                reporter.error(dirPath, e.getMessage());
                tally.addError();
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

    private void entry(int d, byte[] dirPath, int relStart, byte[] name, long ino, FileType listedType) {
        int depth = dirs.depth(d) + 1;
        if (depth > settings.maxDepth()) {
            return;
        }
        FileType type = listedType;
        Stat st = null;
        if (type == FileType.UNKNOWN || (type == FileType.SYMLINK && settings.follow())) {
            // DT_UNKNOWN: the file system did not say.
            st = stat(DirectoryTable.join(dirPath, name), type == FileType.SYMLINK);
            if (st == null) {
                return;
            }
            type = st.type();
        }
        // Before a directory is stat'ed, so that an excluded one costs nothing and is never entered.
        String why = settings.filter().leftOut(dirPath, relStart, name, type == FileType.DIRECTORY);
        if (why != null) {
            filtered(DirectoryTable.join(dirPath, name), why);
            return;
        }
        if (type == FileType.DIRECTORY && st == null) {
            st = stat(DirectoryTable.join(dirPath, name), false);  // its device: a mount point
            if (st == null) {
                return;
            }
        }
        boolean throughLink = listedType == FileType.SYMLINK;
        if (type == FileType.REGULAR) {
            files.add(d, name, st != null ? st.dev : dirs.dev(d), st != null ? st.ino : ino, throughLink);
        } else if (type == FileType.DIRECTORY) {
            directory(d, dirPath, name, st, throughLink);
        } else {
            skip(DirectoryTable.join(dirPath, name), SkipReason.forType(type));
        }
    }

    private void directory(int d, byte[] dirPath, byte[] name, Stat st, boolean throughLink) {
        if (dirs.depth(d) + 2 > settings.maxDepth()) {
            return;  // nothing below it is deep enough to read
        }
        if (settings.oneFileSystem() && st.dev != dirs.dev(dirs.root(d))) {
            skip(DirectoryTable.join(dirPath, name), SkipReason.OTHER_FILE_SYSTEM);
            return;
        }
        if (throughLink && dirs.onPath(d, st.dev, st.ino)) {
            loop(DirectoryTable.join(dirPath, name));
            return;
        }
        if (!markVisited(st.dev, st.ino)) {
            skip(DirectoryTable.join(dirPath, name), SkipReason.DUPLICATE);
            return;
        }
        int child = dirs.add(d, name, st.dev, st.ino);
        if (childCount == children.length) {
            children = Arrays.copyOf(children, childCount * 2);
        }
        children[childCount++] = child;
    }

    /** Records a directory as walked; false if it was already. Only with -L can that happen. */
    private boolean markVisited(long dev, long ino) {
        return !settings.follow() || visited.add(new DevIno(dev, ino));
    }

    private Stat stat(byte[] path, boolean follow) {
        try {
            return os.stat(path, follow);
        } catch (SysException e) {
            if (follow && e.errno() == SysException.ELOOP) {
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
        tally.addFiltered(FilterReason.PATTERN);
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

    /** "dir///" and "dir/" become "dir"; "/" stays. */
    private static byte[] normalize(byte[] path) {
        int end = path.length;
        while (end > 1 && path[end - 1] == '/') {
            end--;
        }
        return Arrays.copyOf(path, end);
    }
}
