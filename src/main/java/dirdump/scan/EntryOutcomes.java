package dirdump.scan;

import dirdump.outcome.Reporter;
import dirdump.outcome.SkipReason;
import dirdump.outcome.Tally;
import dirdump.sys.SysException;

/**
 * What becomes of an entry the walk does not list, or of a directory it cannot walk: each outcome told
 * to the reporter and counted in the tally, here and nowhere else in the walk.
 */
record EntryOutcomes(Reporter reporter, Tally tally) {
    /** A directory listed to its end. */
    void walked() {
        tally.addDirectory();
    }

    void skip(byte[] path, SkipReason reason) {
        tally.addSkipped(reason);
        reporter.skipped(path, reason);
    }

    /** Left out by a filter of the walk ({@code reason}: --include/--exclude, --max-depth): {@code why} says which. */
    void filtered(byte[] path, SkipReason reason, String why) {
        tally.addSkipped(reason);
        reporter.filtered(path, why);
    }

    void loop(byte[] path) {
        reporter.notice(path, "symbolic link loop; not followed");
        tally.addSkipped(SkipReason.LOOP);
    }

    /** A PATH on proc, sysfs and the like: one warning, counted as skipped, not an error. */
    void pseudoFileSystemPath(byte[] path) {
        tally.addSkipped(SkipReason.PSEUDO_FILE_SYSTEM);
        reporter.notice(path, "on a pseudo file system, which has no page cache to warm; skipped");
    }

    /** Without -L, the directory of list entries is reached through a link: told once for all its files. */
    void linkOnTheWay(byte[] dir) {
        reporter.notice(dir.length == 0 ? new byte[] {'.'} : dir,
                "a symbolic link on the way; the files listed in it are not read (-L follows it)");
    }

    void error(byte[] path, SysException e) {
        reporter.error(path, e.getMessage());
        tally.addError();
    }

    /** A PATH that cannot be used at all: told, and counted by the walk's result, not the tally. */
    void unusablePath(byte[] path, SysException e) {
        reporter.error(path, e.getMessage());
    }

    /** A directory that is no longer what was listed is a change (a link or a file now); others are errors. */
    void notWalked(byte[] path, SysException e) {
        String changed = FileOpener.change(e, false);
        if (changed != null) {
            tally.addChanged();
            reporter.error(path, changed + "; not walked");
        } else {
            error(path, e);
        }
    }

    /** A directory opened is not the one its parent listed. */
    void replaced(byte[] path) {
        tally.addChanged();
        reporter.error(path, "was replaced by another directory since it was listed; not walked");
    }
}
