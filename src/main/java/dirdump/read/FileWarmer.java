package dirdump.read;

import dirdump.report.Reporter;
import dirdump.report.Tally;
import dirdump.scan.DirectoryTable;
import dirdump.scan.Listing;
import dirdump.sys.FileType;
import dirdump.sys.OpenFile;
import dirdump.sys.Os;
import dirdump.sys.ReadBuffer;
import dirdump.sys.Stat;
import dirdump.sys.SysException;

/**
 * Reads one listed file to its end through a buffer reused for every file. One per reader thread.
 *
 * <p>The file is opened with O_NOFOLLOW|O_NONBLOCK and checked with fstat before any byte is read: a
 * file swapped for a symlink, a FIFO or another file between listing and reading (in a directory
 * other users can write to) is not read. Users cannot create device nodes, so the open itself never
 * touches a device they planted.
 */
final class FileWarmer {
    private final Os os;
    private final Listing listing;
    private final ReadBuffer buffer;
    private final Reporter reporter;
    /** Consecutive files often share a directory: its path is built once. */
    private int lastDir = -1;
    private byte[] lastDirPath;

    FileWarmer(Os os, Listing listing, ReadBuffer buffer, Reporter reporter) {
        this.os = os;
        this.listing = listing;
        this.buffer = buffer;
        this.reporter = reporter;
    }

    void warm(int f, Tally tally) {
        byte[] path = path(f);
        boolean follow = listing.files.followed(f);
        try (OpenFile file = os.openForReading(path, follow)) {
            Stat st = file.stat();
            if (st.type() != FileType.REGULAR) {
                changed(path, "is now a " + describe(st.type()) + "; not read", tally);
                return;
            }
            if (!st.sameFile(listing.files.dev(f), listing.files.ino(f))) {
                changed(path, "was replaced by another file since it was listed; not read", tally);
                return;
            }
            long total = 0;
            for (int n; (n = file.read(buffer)) > 0; ) {
                total += n;
            }
            tally.addRead(total);
            reporter.read(path, total);
        } catch (SysException e) {
            if (e.errno() == SysException.ELOOP && !follow) {
                changed(path, "is now a symbolic link; not read", tally);
            } else {
                reporter.error(path, e.getMessage());
                tally.addError();
            }
        }
    }

    private void changed(byte[] path, String what, Tally tally) {
        reporter.error(path, what);
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

    private static String describe(FileType type) {
        return type.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
    }
}
