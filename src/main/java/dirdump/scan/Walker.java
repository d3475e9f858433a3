package dirdump.scan;

import dirdump.report.Reporter;
import dirdump.report.SkipReason;
import dirdump.report.Tally;
import dirdump.sys.FileType;
import dirdump.sys.Os;
import dirdump.sys.PathNames;
import dirdump.sys.Stat;
import dirdump.sys.SysException;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Lists every file under the PATHs, with the inode each directory gives for it: no file is stat'ed
 * before it is ordered (only directories, for their device, and entries of unknown type). The walk is
 * depth first with an explicit stack, so depth is limited by memory, not by the thread's stack.
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
    private int[] stack = new int[64];
    private int stackSize;
    private int[] children = new int[16];
    private int childCount;

    private record DevIno(long dev, long ino) {
    }

    public Walker(Os os, WalkSettings settings, Reporter reporter, Tally tally) {
        this.os = os;
        this.settings = settings;
        this.reporter = reporter;
        this.tally = tally;
    }

    public Listing walk(List<String> paths) {
        int unusable = 0;
        for (String operand : paths) {
            if (!addOperand(normalize(PathNames.bytes(operand)))) {
                unusable++;
            }
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
        FileType type = st.type();
        if (type == FileType.DIRECTORY) {
            int root = dirs.add(-1, path, st.dev, st.ino);
            markVisited(st.dev, st.ino);
            push(root);
            drain();
        } else if (type == FileType.REGULAR) {
            // A root for its directory ("" for a bare name), so that the name is a name, not a path.
            int slash = PathNames.lastSlash(path);
            byte[] parent = slash < 0 ? new byte[0] : Arrays.copyOf(path, Math.max(slash, 1));
            byte[] name = Arrays.copyOfRange(path, slash + 1, path.length);
            files.add(dirs.add(-1, parent, st.dev, 0), name, st.dev, st.ino, true);
        } else {
            skip(path, SkipReason.forType(type));
        }
        return true;
    }

    private void drain() {
        while (stackSize > 0) {
            int d = stack[--stackSize];
            byte[] dirPath = dirs.path(d);
            childCount = 0;
            try {
                os.list(dirPath, settings.follow() || dirs.parent(d) < 0,
                        (name, ino, type) -> entry(d, dirPath, name, ino, type));
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

    private void entry(int d, byte[] dirPath, byte[] name, long ino, FileType listedType) {
        int depth = dirs.depth(d) + 1;
        if (depth > settings.maxDepth()) {
            return;
        }
        FileType type = listedType;
        Stat st = null;
        if (type == FileType.UNKNOWN || type == FileType.DIRECTORY
                || (type == FileType.SYMLINK && settings.follow())) {
            // DT_UNKNOWN: the file system did not say. Directories: their device (a mount point).
            st = stat(DirectoryTable.join(dirPath, name), type == FileType.SYMLINK);
            if (st == null) {
                return;
            }
            type = st.type();
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
