package dirdump.bench;

import dirdump.cache.PageTotals;
import dirdump.sys.Host;
import java.io.IOException;

/** What is done to the page cache before each run, and the state it should leave the files in. */
public enum CachePrep {
    /**
     * posix_fadvise(DONTNEED) on each file: their data is cold, but what the kernel knows of the
     * directories and inodes stays cached (opening each file to advise it reads them, if nothing else had).
     */
    EVICT("posix_fadvise", CacheState.COLD) {
        @Override
        PageTotals before(FileSet files) {
            return files.evict();
        }
    },
    /**
     * sync, then drop_caches: data and metadata cold, as after a reboot, for the whole machine. The
     * check opens every file and so reads their inodes and directories back: the caches are dropped
     * once more after it, which cannot bring back any page the first drop left.
     */
    DROP_CACHES("drop_caches", CacheState.COLD) {
        @Override
        PageTotals before(FileSet files) throws IOException {
            files.sync();
            Host.dropCaches();
            PageTotals left = files.residency();
            Host.dropCaches();
            return left;
        }
    },
    /** Nothing: the cache stays as the previous runs left it (--warm); only checked. */
    NONE("none", CacheState.WARM) {
        @Override
        PageTotals before(FileSet files) {
            return files.residency();
        }
    };

    /** For --json and --csv. */
    public final String key;
    /** The state the runs should start in. */
    public final CacheState asked;

    CachePrep(String key, CacheState asked) {
        this.key = key;
        this.asked = asked;
    }

    /** Prepares the cache for a run; returns the residency of the files the run will start with. */
    abstract PageTotals before(FileSet files) throws IOException;
}
