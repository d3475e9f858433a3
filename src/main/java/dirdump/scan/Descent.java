package dirdump.scan;

import dirdump.outcome.SkipReason;
import dirdump.sys.Directory;
import dirdump.sys.EntrySink;
import dirdump.sys.FileType;
import dirdump.sys.Os;
import dirdump.sys.Stat;
import dirdump.sys.SysException;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * The walk below a PATH that is a directory: depth first with an explicit stack, so depth is limited
 * by memory, not by the thread's stack, listing each directory through its handle. Files are listed
 * with the inode their directory gives: none is stat'ed but entries of unknown type, links followed
 * (-L), and files on overlayfs.
 *
 * <p>Every directory below the PATH is opened relative to its parent's handle, with O_NOFOLLOW unless
 * it is a link followed, and must be the directory its parent listed (the inode, or a mount root on top
 * of it); its handle stays open in {@link DirectoryHandles} for the passes after. A directory swapped
 * for a link between two system calls is reported, never entered.
 */
final class Descent {
    private final Os os;
    private final WalkResultBuilder result;
    /** The result's tables, held here: the loop over a directory's entries writes to them. */
    private final FoundDirectories dirs;
    private final FoundFiles files;
    private final EntryFilter filter;
    private final LinkPolicy links;
    private final EntryOutcomes outcomes;
    private final boolean oneFileSystem;
    /** Directories already walked, by (device, inode): a PATH given twice, a bind mount, a link (-L). */
    private final Set<DevIno> visited = new HashSet<>();
    /** Lists the directories to come in threads of their own, or null: see Walker#listAhead. */
    private ListAhead ahead;
    /** The PATH being walked: -x compares each directory's mount with its. */
    private Stat rootStat;
    private int[] stack = new int[64];
    private int stackSize;
    /** The subdirectories of the directory being listed, in the order listed. */
    private int[] children = new int[16];
    private int childCount;

    private record DevIno(long dev, long ino) {
        // Written out: a record's own equals and hashCode are bootstrapped through method handles at
        // their first call, a cost of every start (docs/performance.md, "Start-up").
        @Override
        public boolean equals(Object o) {
            return o instanceof DevIno other && other.dev == dev && other.ino == ino;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(dev * 31 + ino);
        }
    }

    /** Where the descent may go beyond a directory it lists: the links it follows, other mounts unless -x. */
    record Crossing(LinkPolicy links, boolean oneFileSystem) {
    }

    Descent(Os os, WalkResultBuilder result, EntryFilter filter, Crossing crossing, EntryOutcomes outcomes) {
        this.os = os;
        this.result = result;
        this.dirs = result.dirs;
        this.files = result.files;
        this.filter = filter;
        this.links = crossing.links();
        this.outcomes = outcomes;
        this.oneFileSystem = crossing.oneFileSystem();
    }

    void listAhead(ListAhead listAhead) {
        this.ahead = listAhead;
    }

    /**
     * Walks the directory PATH {@code operand} (as given; {@code path} as it is told), opened by name
     * and through a link, until {@code stop} says so.
     */
    void walk(byte[] operand, byte[] path, BooleanSupplier stop) {
        Directory h;
        try {
            h = os.openPath(operand, true);
        } catch (SysException e) {
            outcomes.error(path, e);
            return;
        }
        Stat hs = h.stat();
        if (!visited.add(new DevIno(hs.dev, hs.ino))) {
            h.close();
            outcomes.skip(path, SkipReason.DUPLICATE);
            return;
        }
        if (result.fileSystems.pseudo(hs.dev, h)) {
            h.close();
            outcomes.pseudoFileSystemPath(path);
            return;
        }
        if (filter.tooDeepToWalk(path, 0)) {
            h.close();
            return;
        }
        rootStat = hs;
        push(result.addDirectory(-1, path, hs, (byte) 0, h));
        drain(stop);
    }

    private void drain(BooleanSupplier stop) {
        while (stackSize > 0 && !stop.getAsBoolean()) {
            int d = stack[--stackSize];
            byte[] dirPath = dirs.path(d);
            int relStart = EntryFilter.relativeStart(dirs, d, dirPath);
            childCount = 0;
            try (DirectoryHandles.Held h = result.handles.hold(d)) {
                if (!os.opensSafelyIn(h.dir)) {
                    throw SysException.notPermitted("other users can write to it, and the java.nio "
                            + "fallback cannot open names there safely; not walked");
                }
                boolean overlay = result.fileSystems.overlay(h.dir.stat().dev);
                EntrySink sink = (name, ino, type) -> entry(d, h.dir, overlay, dirPath, relStart, name, ino, type);
                if (ahead == null) {
                    os.list(h.dir, sink);
                } else {
                    ahead.list(d, h.dir, sink);
                }
                outcomes.walked();
            } catch (SysException e) {
                outcomes.notWalked(dirPath, e);
            }
            result.tell();
            // Pushed in reverse so that subdirectories are walked in the order they were listed.
            for (int i = childCount - 1; i >= 0; i--) {
                push(children[i]);
            }
            if (ahead != null) {
                ahead.upcoming(children, childCount);
            }
        }
    }

    /**
     * {@code overlay}: the directory is on overlayfs, where a file's device is its layer's and its
     * inode number need not be unique beside the other layers' files, so each file is stat'ed; and a
     * merged directory's listed inode need not be the one it has when opened.
     */
    private void entry(int d, Directory dir, boolean overlay, byte[] dirPath, int relStart, byte[] name, long ino,
                       FileType listedType) {
        FileType type = listedType;
        Stat st = null;
        boolean throughLink = links.follows(listedType);
        if (type == FileType.UNKNOWN || throughLink || (type == FileType.REGULAR && overlay)) {
            // DT_UNKNOWN: the file system did not say.
            st = stat(dir, dirPath, name, throughLink);
            if (st == null) {
                return;
            }
            type = st.type();
        }
        // Before a directory is opened, so that an excluded one costs nothing and is never entered.
        if (filter.leftOut(dirPath, relStart, name, type)) {
            return;
        }
        if (type == FileType.REGULAR && throughLink && result.fileSystems.pseudoFile(dir, name, st.dev, true)) {
            outcomes.skip(FoundDirectories.join(dirPath, name), SkipReason.PSEUDO_FILE_SYSTEM);  // a link to /proc/...
        } else if (type == FileType.REGULAR) {
            files.add(d, name, st != null ? st.dev : dirs.dev(d), st != null ? st.ino : ino, throughLink);
            if (st != null) {
                result.fileSystems.noteLayer(st.dev, dirs.dev(d));
            }
            result.fileAdded();
        } else if (type == FileType.DIRECTORY) {
            directory(d, dir, dirPath, name, overlay ? -1 : st != null ? st.ino : ino, throughLink);
        } else {
            filter.notRead(FoundDirectories.join(dirPath, name), type);
        }
    }

    /**
     * Opens a subdirectory relative to its parent's handle and checks it: the inode the parent listed
     * (a mount root covers the listed inode with its own; -1: no listed inode to hold it to), on the
     * PATH's mount with -x, not a loop, not walked already. Then it is kept open for its own turn on
     * the stack.
     */
    private void directory(int d, Directory parent, byte[] dirPath, byte[] name, long listedIno, boolean throughLink) {
        byte[] path = FoundDirectories.join(dirPath, name);
        if (filter.tooDeepToWalk(path, dirs.depth(d) + 1)) {
            return;
        }
        Directory child;
        try {
            child = OnDescriptorShortage.retry(result.handles, () -> os.openDirectory(parent, name, throughLink));
        } catch (SysException e) {
            outcomes.notWalked(path, e);
            return;
        }
        Stat cs = child.stat();
        boolean mounted = cs.mountRoot || cs.dev != dirs.dev(d);
        if (listedIno != -1 && !throughLink && !mounted && cs.ino != listedIno) {
            outcomes.replaced(path);
        } else if (oneFileSystem && cs.onOtherMount(rootStat)) {
            outcomes.skip(path, SkipReason.OTHER_FILE_SYSTEM);
        } else if (result.fileSystems.pseudo(cs.dev, child)) {
            outcomes.skip(path, SkipReason.PSEUDO_FILE_SYSTEM);  // /proc below /, a link to /sys with -L
        } else if (links.loops(dirs, d, cs, throughLink)) {
            outcomes.loop(path);
        } else if (!visited.add(new DevIno(cs.dev, cs.ino))) {
            outcomes.skip(path, SkipReason.DUPLICATE);
        } else {
            children = withRoom(children, childCount);
            children[childCount++] = result.addDirectory(d, name, cs, throughLink ? FoundDirectories.FOLLOWED : 0, child);
            return;
        }
        child.close();
    }

    /** lstat, or stat through a link followed; null once what became of the entry is told. */
    private Stat stat(Directory dir, byte[] dirPath, byte[] name, boolean follow) {
        try {
            return os.stat(dir, name, follow);
        } catch (SysException e) {
            byte[] path = FoundDirectories.join(dirPath, name);
            if (follow) {
                links.notFollowed(path, e);
            } else {
                outcomes.error(path, e);
            }
            return null;
        }
    }

    private void push(int d) {
        stack = withRoom(stack, stackSize);
        stack[stackSize++] = d;
    }

    /** {@code a}, or a copy twice as long if it has no room beyond its first {@code used} elements. */
    private static int[] withRoom(int[] a, int used) {
        return used < a.length ? a : Arrays.copyOf(a, used * 2);
    }
}
