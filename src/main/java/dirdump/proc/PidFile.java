package dirdump.proc;

import dirdump.outcome.SkipReason;
import dirdump.sys.Directory;
import dirdump.sys.FileType;
import dirdump.sys.Os;
import dirdump.sys.PathNames;
import dirdump.sys.SmallFile;
import dirdump.sys.SysException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * lock --pidfile FILE: this process's pid, one decimal line, in a file made with O_EXCL and claimed with
 * an exclusive flock(2) held, on the open file, for the lock's whole life: a second lock finding it
 * locked is refused, whatever pid it names. A file there already that nobody holds locked is stale if
 * the process it names is gone (left by a lock killed with SIGKILL, say, or by a lock of a version that
 * did not lock it): it is removed while this process holds it open and locked, so that no other lock
 * can claim it meanwhile and its inode cannot be given to a new file that the removal would then take
 * for it. One that names a live process is refused as before; one that holds no pid, or is no regular
 * file (a symbolic link, a FIFO, a device), is not a pid file, and is left alone, unread. Removed at
 * the end if it is still the file written, before the lock is let go.
 *
 * <p>FILE's directory is resolved once, as a PATH is (links followed: /var/run is one), and every
 * call after that is relative to it, FILE's own name never followed. It may be another user's (/tmp,
 * a directory of theirs): they can change the name at any moment, and so can only ever make this
 * refuse, or leave their file alone, never read or remove anything else. Holding a lock on the file
 * (anyone who can open it can) makes a lock starting then refuse it, after a second, never wait longer.
 */
public final class PidFile implements AutoCloseable {
    /** Why the pid file cannot be written, as the end of "--pidfile FILE: ...". */
    public static final class Refused extends Exception {
        Refused(String reason) {
            super(reason, null, false, false);
        }
    }

    /** More than a pid line (at most 20 digits and a newline) and its spaces hold: bytes read of a file found. */
    private static final int MOST = 32;
    private static final byte[] DOT = {'.'};
    private static final byte[] DOT_DOT = {'.', '.'};

    private final Os os;
    /** Open for the lock's life: removing the file at the end resolves no path again. */
    private final Directory dir;
    private final byte[] name;
    /** The file written, open and locked: its st_dev, st_ino and owner tell it from one put in its place. */
    private final SmallFile written;

    private PidFile(Os os, Directory dir, byte[] name, SmallFile written) {
        this.os = os;
        this.dir = dir;
        this.name = name;
        this.written = written;
    }

    public static PidFile create(Os os, String file) throws Refused {
        byte[] path = PathNames.bytes(file);
        int slash = PathNames.lastSlash(path);
        byte[] name = Arrays.copyOfRange(path, slash + 1, path.length);
        if (name.length == 0 || Arrays.equals(name, DOT) || Arrays.equals(name, DOT_DOT)) {
            throw new Refused("names a directory, not a file");
        }
        Directory dir;
        try {
            dir = os.openPath(slash < 0 ? DOT : Arrays.copyOf(path, Math.max(slash, 1)), false);
        } catch (SysException e) {
            throw new Refused(e.getMessage());
        }
        try {
            return new PidFile(os, dir, name, write(os, dir, name));
        } catch (Refused e) {
            dir.close();
            throw e;
        }
    }

    private static SmallFile write(Os os, Directory dir, byte[] name) throws Refused {
        byte[] line = (ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII);
        try {
            for (int attempt = 0; ; attempt++) {
                SmallFile written = os.createFile(dir, name, line);
                if (written != null) {
                    return written;
                }
                if (attempt > 0) {
                    throw new Refused("another process wrote it meanwhile");
                }
                SmallFile found;
                try {
                    found = os.readSmallFile(dir, name, MOST);
                } catch (SysException e) {
                    if (e.isGone()) {
                        continue;  // removed since: made again
                    }
                    if (e.isSymbolicLink()) {
                        // A link put in place of the regular file fstatat found: O_NOFOLLOW refused it (ELOOP).
                        throw notAPidFile(FileType.SYMLINK);
                    }
                    throw e;
                }
                try (found) {
                    removeStale(os, dir, name, found);
                }
            }
        } catch (SysException e) {
            throw new Refused(e.getMessage());
        }
    }

    /** Removes {@code found}, held open and locked, if it is stale; refused if it is held or no pid file. */
    private static void removeStale(Os os, Directory dir, byte[] name, SmallFile found) throws Refused {
        if (found.lockedElsewhere()) {
            long other = pid(found);
            throw new Refused("locked by another process (a lock already" + (other > 0 ? "; it names process " + other
                    : "") + ")");
        }
        long other = holder(found);
        if (ProcessHandle.of(other).map(ProcessHandle::isAlive).orElse(false)) {
            throw new Refused("process " + other + " is running (a lock already?); remove the file if it is "
                    + "not one");
        }
        try {
            os.removeIfSame(dir, name, found.stat());  // stale; if changed meanwhile, the next create says so
        } catch (SysException e) {
            throw new Refused("stale, but cannot be removed: " + e.getMessage());
        }
    }

    /** The pid a file found holds; refused if it is not a pid file. */
    private static long holder(SmallFile found) throws Refused {
        FileType type = found.stat().type();
        if (type != FileType.REGULAR) {
            throw notAPidFile(type);
        }
        long pid = pid(found);
        if (pid > 0) {
            return pid;
        }
        throw new Refused("exists and holds no pid; not a pid file of dirdump's, left alone");
    }

    /** The pid a regular file found holds, or 0 if it holds none. */
    private static long pid(SmallFile found) {
        if (found.start() == null) {
            return 0;
        }
        String text = new String(found.start(), StandardCharsets.US_ASCII).trim();
        return found.stat().size <= MOST && !text.isEmpty() && text.chars().allMatch(c -> c >= '0' && c <= '9')
                && text.length() <= 18 ? Long.parseLong(text) : 0;
    }

    /** A name that is no regular file, whichever call found it so. */
    private static Refused notAPidFile(FileType type) {
        SkipReason kind = SkipReason.forType(type);
        return new Refused("is a " + (type == FileType.DIRECTORY ? "directory" : kind != null ? kind.text
                : "file of an unknown type") + "; not a pid file, left alone");
    }

    /**
     * Removes the file if it is still the one written (another user may have replaced it), then lets
     * the lock go: a lock starting meanwhile finds it locked, or gone.
     */
    @Override
    public void close() {
        try {
            os.removeIfSame(dir, name, written.stat());
        } catch (SysException e) {
            // Left behind: stale, and replaced by the next lock.
        } finally {
            written.close();
            dir.close();
        }
    }
}
