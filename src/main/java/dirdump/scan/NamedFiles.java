package dirdump.scan;

import dirdump.outcome.PathText;
import dirdump.outcome.SkipReason;
import dirdump.outcome.Units;
import dirdump.sys.Directory;
import dirdump.sys.FileType;
import dirdump.sys.Os;
import dirdump.sys.PathNames;
import dirdump.sys.Stat;
import dirdump.sys.SysException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * Files named by themselves: a PATH that is no directory, and the entries of a --files-from list,
 * each stat'ed (a list gives no inode). Each is listed under a root made for its directory; the
 * directories of list entries are resolved with no symbolic link followed (see {@link Os#openBeneath})
 * unless -L. A directory named in a list is not walked: find lists every directory as well as the
 * files in it.
 */
final class NamedFiles {
    private final Os os;
    private final WalkResultBuilder result;
    private final EntryFilter filter;
    private final LinkPolicy links;
    private final EntryOutcomes outcomes;
    /**
     * The root made for each parent directory of named files, by its path and how it is resolved: the
     * files of a directory share one root, so that a long list costs a FoundFiles entry a file, not a
     * FoundDirectories root; -1 for one that could not be opened.
     */
    private final Map<ByteBuffer, NamedParent> parents = new HashMap<>();
    /** A list entry that does not exist is skipped as gone (a snapshot's), not an error (a --files-from list's). */
    private boolean missingIsGone;

    /** The root made for the directory of named files, or -1 with why it could not be opened. */
    private record NamedParent(int root, SysException failure) {
    }

    NamedFiles(Os os, WalkResultBuilder result, EntryFilter filter, LinkPolicy links, EntryOutcomes outcomes) {
        this.os = os;
        this.result = result;
        this.filter = filter;
        this.links = links;
        this.outcomes = outcomes;
    }

    void missingAreGone() {
        missingIsGone = true;
    }

    /**
     * A PATH that is no directory ({@code st}: stat'ed as given, through a link), by its name. It is
     * opened through a link only if it is one now, in its directory (lstat there): a PATH is followed.
     */
    void addPath(byte[] path, Stat st) {
        int slash = PathNames.lastSlash(path);
        NamedParent parent = parent(parentOf(path, slash), false);
        if (parent.root < 0) {
            outcomes.error(path, parent.failure);
            return;
        }
        boolean throughLink;
        try (DirectoryHandles.Held h = result.handles.hold(parent.root)) {
            throughLink = os.stat(h.dir, Arrays.copyOfRange(path, slash + 1, path.length), false).type()
                    == FileType.SYMLINK;
        } catch (SysException e) {
            outcomes.error(path, e);
            return;
        }
        if (onPseudoFileSystem(parent.root, path, slash, st, throughLink)) {
            outcomes.pseudoFileSystemPath(path);
        } else {
            add(path, parent.root, st, throughLink);
        }
    }

    /**
     * Adds the entries of {@code list} until {@code stop} says so; false if the list itself could not be
     * opened or read to its end. A record too long to be a name is an error of its own: the list goes on.
     */
    boolean addList(PathListReader list, BooleanSupplier stop) {
        try (list) {
            while (!stop.getAsBoolean()) {
                byte[] path;
                try {
                    path = list.next();
                } catch (PathListReader.Overlong e) {
                    outcomes.error(list.name(), SysException.nameTooLong(String.format(Locale.ROOT,
                            "record %,d: a name of %,d bytes (\"%s...\"), longer than the %s a name may have; not read",
                            e.record(), e.length(), PathText.of(e.start()), Units.exact(PathListReader.LONGEST))));
                    continue;
                }
                if (path == null) {
                    break;
                }
                listed(path);
            }
            return true;
        } catch (SysException e) {
            outcomes.unusablePath(list.name(), e);
            return false;
        }
    }

    /** A name that does not exist is an error of that file, not of the command line. */
    private void listed(byte[] entry) {
        boolean follow = links.followsListed();
        byte[] path = trimmed(entry);
        int slash = PathNames.lastSlash(path);
        NamedParent parent = parent(parentOf(path, slash), !follow);
        if (parent.root < 0) {
            if (missingIsGone && parent.failure.isGone()) {
                outcomes.skip(path, SkipReason.GONE);
            } else if (!follow && parent.failure.isSymbolicLink()) {
                outcomes.skip(path, SkipReason.SYMLINK);
            } else {
                outcomes.error(path, parent.failure);
            }
            return;
        }
        byte[] name = Arrays.copyOfRange(path, slash + 1, path.length);
        try (DirectoryHandles.Held h = result.handles.hold(parent.root)) {
            // lstat first: only an entry that is a link now is followed (-L), and opened through one.
            Stat st = os.stat(h.dir, name, false);
            boolean throughLink = links.follows(st.type());
            if (throughLink) {
                try {
                    st = os.stat(h.dir, name, true);
                } catch (SysException e) {
                    links.notFollowed(path, e);
                    return;
                }
            }
            if (entry.length > path.length && st.type() != FileType.DIRECTORY) {
                throw SysException.notADirectory();  // "FILE/", as the kernel says
            }
            if (onPseudoFileSystem(parent.root, path, slash, st, throughLink)) {
                outcomes.skip(path, SkipReason.PSEUDO_FILE_SYSTEM);
            } else {
                add(path, parent.root, st, throughLink);
            }
        } catch (SysException e) {
            if (missingIsGone && e.isGone()) {
                outcomes.skip(path, SkipReason.GONE);
            } else {
                outcomes.error(path, e);
            }
        }
    }

    /** {@code throughLink}: listed as a symbolic link that is followed; the others are opened with O_NOFOLLOW. */
    private void add(byte[] path, int root, Stat st, boolean throughLink) {
        FileType type = st.type();
        if (filter.leftOutNamed(path, type)) {
            return;
        }
        if (type == FileType.REGULAR) {
            int slash = PathNames.lastSlash(path);
            result.files.add(root, Arrays.copyOfRange(path, slash + 1, path.length), st.dev, st.ino, throughLink);
            result.fileSystems.noteLayer(st.dev, result.dirs.dev(root));
        } else {
            filter.notRead(path, type);
        }
    }

    /** "" for a bare name (the working directory), "/" for a name in the root directory. */
    private static byte[] parentOf(byte[] path, int slash) {
        return slash < 0 ? new byte[0] : Arrays.copyOf(path, Math.max(slash, 1));
    }

    /**
     * The root for the directory of a named file, opened once: by name for a file PATH (or with -L),
     * below where the name starts with no link followed for a list entry. A link on the way is told
     * once, for all the files named in it.
     */
    private NamedParent parent(byte[] parent, boolean listed) {
        ByteBuffer key = ByteBuffer.wrap(Arrays.copyOf(parent, parent.length + 1));
        key.put(parent.length, (byte) (listed ? 1 : 0));
        NamedParent known = parents.get(key);
        if (known != null) {
            return known;
        }
        NamedParent made;
        try {
            Directory h = result.handles.openRoot(parent, listed);
            Stat hs = h.stat();
            result.fileSystems.of(hs.dev, h);
            made = new NamedParent(result.addDirectory(-1, parent, hs, listed ? FoundDirectories.LISTED : 0, h), null);
        } catch (SysException e) {
            made = new NamedParent(-1, e);
            if (listed && e.isSymbolicLink()) {
                outcomes.linkOnTheWay(parent);
            }
        }
        parents.put(key, made);
        return made;
    }

    /** Whether a file named by itself lies on a pseudo file system: /proc/self/pagemap as PATH, say. */
    private boolean onPseudoFileSystem(int root, byte[] path, int slash, Stat st, boolean follow) {
        if (st.type() != FileType.REGULAR) {
            return false;
        }
        try (DirectoryHandles.Held h = result.handles.hold(root)) {
            return result.fileSystems.pseudoFile(h.dir, Arrays.copyOfRange(path, slash + 1, path.length), st.dev, follow);
        } catch (SysException e) {
            return false;  // the read says what became of it
        }
    }

    /** "dir///" and "dir/" become "dir"; "/" stays. */
    static byte[] trimmed(byte[] path) {
        int end = path.length;
        while (end > 1 && path[end - 1] == '/') {
            end--;
        }
        return Arrays.copyOf(path, end);
    }
}
