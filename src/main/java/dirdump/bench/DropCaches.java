package dirdump.bench;

import dirdump.sys.Host;

/** Whether bench may drop the caches of the whole machine ({@link Host#dropCaches}), which is root's. */
public final class DropCaches {
    private DropCaches() {
    }

    /** Why this process cannot drop the caches, or null if it can: it opens the file for writing. */
    public static String refusal() {
        String reason = Host.dropCachesRefusal();
        return reason == null ? null : "--drop-caches needs root: it empties the page cache of the whole machine ("
                + reason + "). Without it, bench empties the files' own pages (posix_fadvise), which needs no root.";
    }
}
