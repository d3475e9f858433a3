package dirdump.scan;

import dirdump.outcome.Reporter;
import dirdump.outcome.Tally;
import dirdump.sys.Directory;
import dirdump.sys.FileType;
import dirdump.sys.OpenFile;
import dirdump.sys.Os;
import dirdump.sys.ReadRing;
import dirdump.sys.Stat;
import dirdump.sys.StatBuffer;
import dirdump.sys.SysException;
import java.util.Locale;

/**
 * Opens listed files for a command that works on them (reads, measures or evicts them), and makes
 * sure each is still the file that was listed. One per thread.
 *
 * <p>A file is opened relative to its directory's handle, never by its path, with
 * O_NOFOLLOW|O_NONBLOCK|O_NOCTTY, and checked with fstat before anything is done with it: a file
 * swapped for a symlink, a FIFO or another file between listing and use (in a directory other users
 * can write to) is left alone. Only a name that was a symbolic link when listed, and followed (-L, a
 * PATH), is opened without O_NOFOLLOW, and then first only as a path (O_PATH, which opens no device or
 * FIFO): what it leads to must still be a regular file, the one it led to then, before it is opened for
 * reading through that descriptor ({@link OpenFile#readable}); a link retargeted to a device or a FIFO
 * meanwhile never has it opened. Its identity is its inode number; its device is the one fstat gives,
 * since overlayfs layers and bind-mounted files have devices of their own.
 */
public final class FileOpener {
    /** What a pass does with the files it opens: a file left alone is told as not {@link #done}. */
    public enum Use {
        READ("read"), MEASURE("measured"), EVICT("evicted"), LOCK("locked"), SIZE("sized"), LOCATE("located"),
        COUNT("counted");

        /** What is not done to a file left alone: "read", "measured". */
        public final String done;

        Use(String done) {
            this.done = done;
        }
    }

    /**
     * What a command does with listed file {@code f} once it is open and checked, its fstat in {@code stat}
     * (this opener's buffer, until it opens the next file); its path, if it is told, from {@link #path}.
     */
    @FunctionalInterface
    public interface Action {
        void on(int f, OpenFile file, StatBuffer stat) throws SysException;
    }

    private final Os os;
    private final WalkResult walk;
    private final Reporter reporter;
    /** How a message ends when a file is left alone: "not read", "not measured". */
    private final String notDone;
    /** This thread's fstat of each file it opens. */
    private final StatBuffer stat = new StatBuffer();
    /** The name of the file being opened, NUL-terminated (see FoundFiles#terminatedName). */
    private byte[] name = new byte[256];
    /** Consecutive files often share a directory: its path is built once. */
    private int lastDir = -1;
    private byte[] lastDirPath;

    public FileOpener(Os os, WalkResult walk, Reporter reporter, Use use) {
        this.os = os;
        this.walk = walk;
        this.reporter = reporter;
        this.notDone = "not " + use.done;
    }

    /**
     * Opens listed file {@code f}, runs the action on it if it is still the listed regular file, and
     * closes it. Failures, of the action too, are reported and counted in the tally. Makes no object but
     * the open file and what the action makes.
     */
    public void use(int f, Tally tally, Action action) {
        OpenFile file = open(f, tally, true);
        if (file == null) {
            return;
        }
        try (file) {
            action.on(f, file, stat);
        } catch (SysException e) {
            reporter.error(path(f), e.getMessage());
            tally.addError();
        }
    }

    /**
     * Opens listed file {@code f} and checks it: the open file, which the caller closes, with its fstat
     * in {@link #stat()} until the next file is opened; or null after reporting and counting why it is
     * left alone. Makes no object but the open file: its path is built only if asked for ({@link #path}).
     */
    public OpenFile open(int f, Tally tally) {
        return open(f, tally, true);
    }

    /** The fstat of the file {@link #open} opened last. */
    public StatBuffer stat() {
        return stat;
    }

    /** As {@link #open}, but silent: for a pass that only looks, whose failures a later pass reports. */
    public Opened openQuietly(int f) {
        OpenFile file = open(f, null, false);
        return file == null ? null : new Opened(path(f), file, stat.toStat());
    }

    /**
     * fstatat of listed file {@code f} relative to its directory's handle, without opening it (the
     * size filter, --format's size); null if it cannot be had: the pass that opens it reports why.
     */
    public Stat stat(int f) {
        try (DirectoryHandles.Held h = walk.handles.hold(walk.files.dir(f))) {
            return os.stat(h.dir, walk.files.name(f), walk.files.followed(f));
        } catch (SysException e) {
            return null;
        }
    }

    /**
     * What a failure to open says about the name: that it changed since it was listed ("is now a
     * symbolic link", "is no longer a directory", "was replaced ..."), or null for other errors.
     */
    static String change(SysException e, boolean follow) {
        if (e.isSymbolicLink()) {
            return follow ? null : "is now a symbolic link";
        }
        if (e.isNotADirectory()) {
            return "is no longer a directory";
        }
        return e.isChangeSinceListed() ? e.getMessage() : null;
    }

    private OpenFile open(int f, Tally tally, boolean report) {
        OpenFile file;
        try {
            file = openListed(walk.files.dir(f), f, walk.files.followed(f));
        } catch (SysException e) {
            notOpened(f, e, tally, report);
            return null;
        }
        return checked(f, file, tally, report);
    }

    /**
     * Queues the open of listed file {@code f} in slot {@code slot} of {@code ring}, its directory's handle
     * held until {@link #opened}: for a reader that opens its files in its ring, many in one system call.
     * False where it is to be opened by {@link #open} instead: a name followed (opened as a path first), a
     * directory that cannot be had (open tells why), a name the ring does not take.
     */
    public boolean queueOpen(ReadRing ring, int f, int slot) {
        if (walk.files.followed(f) || !ring.opens()) {
            return false;
        }
        int d = walk.files.dir(f);
        Directory dir;
        try {
            dir = walk.handles.acquire(d);
        } catch (SysException e) {
            return false;
        }
        name = walk.files.terminatedName(f, name);
        if (!ring.queueOpen(dir, name, slot)) {
            walk.handles.release(d);
            return false;
        }
        return true;
    }

    /**
     * The end of the open {@link #queueOpen} queued, {@code result} its completion's: as {@link #open}, the
     * file checked (fstat into {@link #stat()}), or null after telling and counting why it is left alone.
     * One the ring did not open (no descriptor left, no IORING_OP_OPENAT) is opened here.
     */
    public OpenFile opened(ReadRing ring, int f, int slot, int result, Tally tally) {
        walk.handles.release(walk.files.dir(f));
        OpenFile file;
        try {
            file = ring.opened(slot, result);
        } catch (SysException e) {
            notOpened(f, e, tally, true);
            return null;
        }
        if (file == null) {
            ring.submitCloses();  // the closes queued free their descriptors first
            return open(f, tally, true);
        }
        return checked(f, file, tally, true);
    }

    /** An open {@link #queueOpen} queued that is not waited for (the ring failed): its directory's handle let go. */
    public void abandoned(int f) {
        walk.handles.release(walk.files.dir(f));
    }

    /**
     * Listed file {@code f} just opened, checked: itself, open for reading, if it is still the regular file
     * of the inode listed (fstat into {@link #stat}); else null, closed, after telling why.
     */
    private OpenFile checked(int f, OpenFile file, Tally tally, boolean report) {
        try {
            file.stat(stat);
            if (stat.type() != FileType.REGULAR) {
                changed(report, path(f), "is now a " + describe(stat.type()), tally);
            } else if (stat.ino() != walk.files.ino(f) && !stat.mountRoot()) {
                // A bind-mounted file is the root of its mount: its directory listed the inode it covers.
                changed(report, path(f), "was replaced by another file since it was listed", tally);
            } else {
                OpenFile checked = readable(file);
                file = null;  // itself, or closed by readable
                return checked;
            }
        } catch (SysException e) {
            if (report) {
                reporter.error(path(f), e.getMessage());
                tally.addError();
            }
        } finally {
            if (file != null) {
                file.close();
            }
        }
        return null;
    }

    /** Why listed file {@code f} could not be opened, told and counted: its directory's failure, a name changed, an error. */
    private void notOpened(int f, SysException e, Tally tally, boolean report) {
        int d = walk.files.dir(f);
        // Not opened for want of its directory: the file's failure is the directory's, told once, counted for each file.
        SysException directory = walk.handles.failure(d);
        if (directory != null) {
            if (report) {
                directoryFailed(d, directory, tally);
            }
        } else if (e.isSymbolicLink() && !walk.files.followed(f)) {
            changed(report, path(f), "is now a symbolic link", tally);
        } else if (report) {
            reporter.error(path(f), e.getMessage());
            tally.addError();
        }
    }

    /** The checked file open for reading ({@link OpenFile#readable}); out of descriptors, again as others close theirs. */
    private OpenFile readable(OpenFile file) throws SysException {
        try {
            return file.readable();
        } catch (SysException e) {
            if (!OnDescriptorShortage.shortage(e)) {
                throw e;
            }
            return OnDescriptorShortage.retry(walk.handles, file::readable);  // the lambda made only then
        }
    }

    /** Opens listed file {@code f} in its directory {@code d}; out of descriptors, again as others close theirs. */
    private OpenFile openListed(int d, int f, boolean follow) throws SysException {
        try {
            return openIn(d, f, follow);
        } catch (SysException e) {
            if (!OnDescriptorShortage.shortage(e)) {
                throw e;
            }
            // the retry's lambda made only then: none for each file
            return OnDescriptorShortage.retry(walk.handles, () -> openIn(d, f, follow));
        }
    }

    /**
     * Opens listed file {@code f} in its directory {@code d}, whose handle is held only for the open: a
     * wait for a free descriptor holds none. Why the directory cannot be had, if it cannot, the handles
     * keep ({@link DirectoryHandles#failure}).
     */
    private OpenFile openIn(int d, int f, boolean follow) throws SysException {
        Directory dir = walk.handles.acquire(d);
        try {
            name = walk.files.terminatedName(f, name);
            return os.openTerminated(dir, name, follow);
        } finally {
            walk.handles.release(d);
        }
    }

    /** The directory's failure is told once; each of its files counts. */
    private void directoryFailed(int d, SysException e, Tally tally) {
        String changed = change(e, walk.directories.followed(d));
        if (changed != null) {
            tally.addChanged();
        } else {
            tally.addError();
        }
        if (walk.handles.firstToReport(d)) {
            byte[] dirPath = walk.directories.path(d);
            reporter.error(dirPath.length == 0 ? new byte[] {'.'} : dirPath,
                    (changed != null ? changed : e.getMessage()) + "; its files " + notDone);
        }
    }

    private void changed(boolean report, byte[] path, String what, Tally tally) {
        if (report) {
            reporter.error(path, what + "; " + notDone);
            tally.addChanged();
        }
    }

    /** The path of listed file {@code f}, as told to a user. */
    public byte[] path(int f) {
        int d = walk.files.dir(f);
        if (d != lastDir) {
            lastDir = d;
            lastDirPath = walk.directories.path(d);
        }
        return FoundDirectories.join(lastDirPath, walk.files.name(f));
    }

    private static String describe(FileType type) {
        return type.name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
}
