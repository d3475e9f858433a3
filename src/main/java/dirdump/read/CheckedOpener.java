package dirdump.read;

import dirdump.report.Reporter;
import dirdump.report.Tally;
import dirdump.scan.DirectoryTable;
import dirdump.scan.Listing;
import dirdump.sys.FileType;
import dirdump.sys.OpenFile;
import dirdump.sys.Os;
import dirdump.sys.Stat;
import dirdump.sys.SysException;
import java.util.Locale;

/**
 * Opens a listed file for reading and checks it before any byte is read. One per thread.
 *
 * <p>The file is opened with O_NOFOLLOW|O_NONBLOCK and checked with fstat: a file swapped for a
 * symlink, a FIFO or another file between listing and reading (in a directory other users can write
 * to) is reported and not read. Users cannot create device nodes, so the open itself never touches a
 * device they planted.
 */
final class CheckedOpener {
    private final Os os;
    private final Listing listing;
    private final Reporter reporter;
    /** Consecutive files often share a directory: its path is built once. */
    private int lastDir = -1;
    private byte[] lastDirPath;

    CheckedOpener(Os os, Listing listing, Reporter reporter) {
        this.os = os;
        this.listing = listing;
        this.reporter = reporter;
    }

    /** The open file, or null after reporting and counting why it will not be read. */
    Opened open(int f, Tally tally) {
        byte[] path = path(f);
        boolean follow = listing.files.followed(f);
        OpenFile file = null;
        try {
            file = os.openForReading(path, follow);
            Stat st = file.stat();
            if (st.type() != FileType.REGULAR) {
                changed(path, "is now a " + st.type().name().toLowerCase(Locale.ROOT).replace('_', ' '), tally);
            } else if (!st.sameFile(listing.files.dev(f), listing.files.ino(f))) {
                changed(path, "was replaced by another file since it was listed", tally);
            } else {
                Opened opened = new Opened(path, file, st);
                file = null;
                return opened;
            }
        } catch (SysException e) {
            if (e.errno() == SysException.ELOOP && !follow) {
                changed(path, "is now a symbolic link", tally);
            } else {
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

    private void changed(byte[] path, String what, Tally tally) {
        reporter.error(path, what + "; not read");
        tally.addChanged();
    }

    private byte[] path(int f) {
        int d = listing.files.dir(f);
        if (d != lastDir) {
            lastDir = d;
            lastDirPath = listing.directories.path(d);
        }
        return DirectoryTable.join(lastDirPath, listing.files.name(f));
    }
}
