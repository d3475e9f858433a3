package dirdump.scan;

import dirdump.report.Reporter;
import dirdump.report.Tally;
import dirdump.sys.FileType;
import dirdump.sys.OpenFile;
import dirdump.sys.Os;
import dirdump.sys.Stat;
import dirdump.sys.SysException;
import java.util.Locale;

/**
 * Opens listed files for a command that works on them (reads, measures or evicts them), and makes
 * sure each is still the file that was listed. One per thread: it keeps the last directory's path.
 *
 * <p>A file is opened with O_NOFOLLOW|O_NONBLOCK and checked with fstat before anything is done with
 * it: a file swapped for a symlink, a FIFO or another file between listing and use (in a directory
 * other users can write to) is left alone. Users cannot create device nodes, so the open itself never
 * touches a device they planted.
 */
public final class FileOpener {
    /** What a command does with a file once it is open and checked. */
    @FunctionalInterface
    public interface Action {
        void on(byte[] path, OpenFile file, Stat stat) throws SysException;
    }

    private final Os os;
    private final Listing listing;
    private final Reporter reporter;
    /** How a message ends when a file is left alone: "not read", "not measured". */
    private final String notDone;
    /** Consecutive files often share a directory: its path is built once. */
    private int lastDir = -1;
    private byte[] lastDirPath;

    public FileOpener(Os os, Listing listing, Reporter reporter, String notDone) {
        this.os = os;
        this.listing = listing;
        this.reporter = reporter;
        this.notDone = notDone;
    }

    /**
     * Opens listed file {@code f}, runs the action on it if it is still the listed regular file, and
     * closes it. Failures, of the action too, are reported and counted in the tally.
     */
    public void use(int f, Tally tally, Action action) {
        Opened o = open(f, tally);
        if (o == null) {
            return;
        }
        try (OpenFile file = o.file()) {
            action.on(o.path(), file, o.stat());
        } catch (SysException e) {
            reporter.error(o.path(), e.getMessage());
            tally.addError();
        }
    }

    /**
     * Opens listed file {@code f} and checks it: the open file, which the caller closes, or null after
     * reporting and counting why it is left alone. For a pipeline that uses the file in another thread.
     */
    public Opened open(int f, Tally tally) {
        return open(f, tally, true);
    }

    /** As {@link #open}, but silent: for a pass that only looks, whose failures a later pass reports. */
    public Opened openQuietly(int f) {
        return open(f, null, false);
    }

    private Opened open(int f, Tally tally, boolean report) {
        byte[] path = path(f);
        boolean follow = listing.files.followed(f);
        OpenFile file = null;
        try {
            file = os.openForReading(path, follow);
            Stat st = file.stat();
            if (st.type() != FileType.REGULAR) {
                changed(report, path, "is now a " + describe(st.type()), tally);
            } else if (!st.sameFile(listing.files.dev(f), listing.files.ino(f))) {
                changed(report, path, "was replaced by another file since it was listed", tally);
            } else {
                Opened opened = new Opened(path, file, st, null);
                file = null;
                return opened;
            }
        } catch (SysException e) {
            if (e.errno() == SysException.ELOOP && !follow) {
                changed(report, path, "is now a symbolic link", tally);
            } else if (report) {
                reporter.error(path, e.getMessage());
                tally.addError();
            }
        } finally {
            if (file != null) {
                file.close();
            }
        }
        return null;
    }

    private void changed(boolean report, byte[] path, String what, Tally tally) {
        if (report) {
            reporter.error(path, what + "; " + notDone);
            tally.addChanged();
        }
    }

    private byte[] path(int f) {
        int d = listing.files.dir(f);
        if (d != lastDir) {
            lastDir = d;
            lastDirPath = listing.directories.path(d);
        }
        return DirectoryTable.join(lastDirPath, listing.files.name(f));
    }

    private static String describe(FileType type) {
        return type.name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
}
