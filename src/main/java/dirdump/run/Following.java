package dirdump.run;

import dirdump.lock.FollowedLocks;
import dirdump.lock.LockedSet;
import dirdump.outcome.Reporter;
import dirdump.read.FollowedWarm;
import dirdump.scan.TreeWatch;
import dirdump.sys.SysException;
import java.util.function.BooleanSupplier;

/**
 * Follow mode (lock --watch, run --lock --watch, dirdump --watch): once the set is locked or read,
 * the tree under each directory PATH watched ({@link TreeWatch}) and kept locked ({@link FollowedLocks})
 * or warm ({@link FollowedWarm}) while it changes, until a stop.
 */
public final class Following implements AutoCloseable {
    /** Why the tree cannot be followed, in one line (the watch limit with the number needed, say). */
    public static final class Refused extends Exception {
        Refused(String message) {
            super(message);
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }

    private final TreeWatch watch;
    private final FollowedLocks locks;
    private final FollowedWarm warm;
    private final Reporter reporter;

    private Following(TreeWatch watch, FollowedLocks locks, FollowedWarm warm, Reporter reporter) {
        this.watch = watch;
        this.locks = locks;
        this.warm = warm;
        this.reporter = reporter;
    }

    /**
     * Takes over {@code set}, locked from {@code files} (whose walk must still be open), and starts
     * watching. If it is refused, what the set held is unlocked.
     */
    public static Following locks(OrderedFiles files, LockedSet set, long maxLocked, Reporter reporter) throws Refused {
        refuseList(files);
        FollowedLocks locks = new FollowedLocks(set, files.selection().listing().sources().paths(), maxLocked, files.os(), reporter);
        try {
            return new Following(start(files, locks, reporter), locks, null, reporter);
        } catch (Refused e) {
            locks.close();
            throw e;
        }
    }

    /** Starts watching the tree {@code files} read (whose walk must still be open), to keep it warm. */
    public static Following warm(OrderedFiles files, Reporter reporter) throws Refused {
        refuseList(files);
        FollowedWarm warm = new FollowedWarm(files.os(), reporter);
        return new Following(start(files, warm, reporter), null, warm, reporter);
    }

    private static void refuseList(OrderedFiles files) throws Refused {
        if (files.selection().listing().sources().list() != null) {
            throw new Refused("--watch: follows the directories given as PATHs, not a --files-from list");
        }
    }

    private static TreeWatch start(OrderedFiles files, TreeWatch.Files kept, Reporter reporter) throws Refused {
        try {
            return TreeWatch.start(files.os(), files.walk(), files.selection().listing().sources().paths(), files.selection().listing().walk(), kept,
                    reporter);
        } catch (TreeWatch.WatchLimit e) {
            throw new Refused("--watch: " + e.getMessage());
        } catch (SysException e) {
            throw new Refused("--watch: cannot watch the tree: " + e.getMessage());
        }
    }

    /** Follows until {@code stop}; a failure to read the events ends it, said in one line. */
    public void follow(BooleanSupplier stop) {
        try {
            watch.follow(stop);
        } catch (SysException e) {
            reporter.problem("--watch: inotify: " + e.getMessage() + "; no longer following");
        }
    }

    /** Files kept now (lock) or read while following (warm). */
    public long files() {
        return locks != null ? locks.files() : warm.files();
    }

    /** Bytes locked now (lock) or read while following (warm). */
    public long bytes() {
        return locks != null ? locks.lockedBytes() : warm.bytes();
    }

    /** Files that could not be locked or read while following: each said. */
    public long failures() {
        return locks != null ? locks.failures() : warm.failures();
    }

    /** Files unlocked while following (their last name removed or replaced); 0 when kept warm. */
    public long released() {
        return locks != null ? locks.released() : 0;
    }

    /** Directories watched now. */
    public int directories() {
        return watch.directories();
    }

    /** inotify events read. */
    public long events() {
        return watch.events();
    }

    /** Batches the events were handled in. */
    public long batches() {
        return watch.batches();
    }

    /** Rescans of the tree (after the event queue overflowed). */
    public long rescans() {
        return watch.rescans();
    }

    /** What was followed: directories, events, batches and rescans. */
    public String described() {
        return String.format(java.util.Locale.ROOT, "%,d directories followed, %,d events in %,d batches, %,d rescans",
                directories(), events(), batches(), rescans());
    }

    /** Names not followed for what they are (a link, FIFO, device, socket), once an event. */
    public long refused() {
        return watch.refused();
    }

    /** Whether the files are kept locked (lock), not warm (read). */
    public boolean locks() {
        return locks != null;
    }

    /** {@code status}, the lock's or the read's, made 1 where a file failed while following. */
    public int status(int status) {
        return status == 0 && failures() > 0 ? ExitCode.SOME_FAILED.status : status;
    }

    /** Stops watching, and unlocks what is locked. */
    @Override
    public void close() {
        watch.close();
        if (locks != null) {
            locks.close();
        }
    }
}
