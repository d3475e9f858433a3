package dirdump.read;

import dirdump.cache.ByteRanges;
import dirdump.cache.CachedReads;
import dirdump.cache.ProbeMethod;
import dirdump.cache.ResidencyChange;
import dirdump.cache.ResidencyProbe;
import dirdump.sys.OpenFile;
import dirdump.sys.Residency;
import dirdump.sys.StatBuffer;
import dirdump.sys.SysException;
import java.util.Optional;

/**
 * Measures files' page-cache residency, and adds up one thread's residency before and after (the
 * summary's page cache line). {@link Residency#UNKNOWN} where it cannot be measured: the read goes on.
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

    /** The file's residency at {@code size} bytes, as its fstat {@code st} says it is; UNKNOWN if not measurable. */
    Residency measure(OpenFile file, StatBuffer st, long size) {
        try {
            return probe.measure(file, size, st.sparse());
        } catch (SysException e) {
            return Residency.UNKNOWN;
        }
    }

    /** The page ranges of {@code pages} not cached (see ResidencyProbe#ranges); empty if that cannot be known. */
    Optional<ByteRanges> uncached(OpenFile file, ByteRanges pages, long finest) {
        return ranges(file, pages, false, finest);
    }

    /** The page ranges of {@code pages} cached (see ResidencyProbe#ranges); empty if that cannot be known. */
    Optional<ByteRanges> cached(OpenFile file, ByteRanges pages, int pageSize) {
        return ranges(file, pages, true, pageSize);
    }

    private Optional<ByteRanges> ranges(OpenFile file, ByteRanges pages, boolean resident, long finest) {
        try {
            return probe.ranges(file, pages, resident, finest);
        } catch (SysException e) {
            return Optional.empty();
        }
    }

    /**
     * Why pages of the cached byte ranges cannot be read (a read of them failed: see CachedReads); empty
     * if they can, or if that cannot be told. {@code cachedWhole}: the file, with no holes, is cached
     * whole (only then are its pages read to tell).
     */
    Optional<SysException> unreadable(OpenFile file, ByteRanges cached, boolean cachedWhole, int pageSize) {
        return Optional.ofNullable(reads.unreadable(file, cached, cachedWhole, pageSize));
    }

    /** As {@link #unreadable(OpenFile, ByteRanges, boolean, int)}, of a file of {@code size} bytes, with no holes, cached whole. */
    Optional<SysException> unreadable(OpenFile file, long size, int pageSize) {
        return Optional.ofNullable(reads.unreadable(file, size, pageSize));
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
        totals.add(f.before, f.before.known() ? measure(f.file, f.stat, size) : Residency.UNKNOWN);
    }
}
