package dirdump.read;

import dirdump.cache.CachedReads;
import dirdump.cache.ProbeMethod;
import dirdump.cache.ResidencyChange;
import dirdump.cache.ResidencyProbe;
import dirdump.sys.OpenFile;
import dirdump.sys.Residency;
import dirdump.sys.StatBuffer;
import dirdump.sys.SysException;

/**
 * Measures files' page-cache residency, and adds up one thread's residency before and after (the
 * summary's page cache line). Unknown (null) where it cannot be measured: the read goes on.
 */
final class CacheMeter {
    /** cachestat only: one cheap call; mmap + mincore would cost about as much as reading a small file. */
    private final ResidencyProbe probe = new ResidencyProbe(ProbeMethod.CACHESTAT);
    private final CachedReads reads;
    private final ResidencyChange totals;
    /** Whether each file is measured again once read (one cachestat a file, which -q leaves out). */
    private final boolean measureAfter;

    CacheMeter(CachedReads reads, ResidencyChange totals, boolean measureAfter) {
        this.reads = reads;
        this.totals = totals;
        this.measureAfter = measureAfter;
    }

    /** The file's residency at {@code size} bytes, as its fstat {@code st} says it is, or null. */
    Residency measure(OpenFile file, StatBuffer st, long size) {
        try {
            return probe.measure(file, size, st.sparse());
        } catch (SysException e) {
            return null;
        }
    }

    /** The page ranges of {@code pages} not cached (see ResidencyProbe#ranges), or null if unknown. */
    long[] uncached(OpenFile file, long[] pages, long finest) {
        try {
            return probe.ranges(file, pages, false, finest);
        } catch (SysException e) {
            return null;
        }
    }

    /** The page ranges of {@code pages} cached (see ResidencyProbe#ranges), or null if unknown. */
    long[] cached(OpenFile file, long[] pages, int pageSize) {
        try {
            return probe.ranges(file, pages, true, pageSize);
        } catch (SysException e) {
            return null;
        }
    }

    /**
     * Why pages of the cached byte ranges cannot be read (a read of them failed: see CachedReads), or
     * null if they can, or if that cannot be told; {@code cachedWhole}: the file, with no holes, is
     * cached whole (only then are its pages read to tell).
     */
    SysException unreadable(OpenFile file, long[] cached, boolean cachedWhole, int pageSize) {
        return reads.unreadable(file, cached, cachedWhole, pageSize);
    }

    /** A file left alone: as resident after as before. */
    void unchanged(Residency before) {
        totals.add(before, before);
    }

    boolean measuresAfter() {
        return measureAfter;
    }

    /** A file brought in, measured again at {@code size} bytes. */
    void after(FileToRead f, long size) {
        totals.add(f.before, f.before == null ? null : measure(f.file, f.stat, size));
    }
}
