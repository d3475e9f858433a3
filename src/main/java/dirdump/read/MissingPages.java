package dirdump.read;

import dirdump.cache.ByteRanges;
import dirdump.outcome.Reporter;
import dirdump.outcome.SkipReason;
import dirdump.outcome.Tally;
import dirdump.scan.Opened;
import dirdump.sys.Residency;
import dirdump.sys.Stat;
import dirdump.sys.SysException;

/**
 * Works out what is to be brought in of an opened file: the bytes wanted of it (all, or ranges), less
 * the pages of them cached already (unless --force). A file whose every wanted page is cached is left
 * alone. One per thread.
 */
final class MissingPages {
    /**
     * A part this small that is partly cached is read whole, its cached pages too: a copy from memory
     * costs less than a read and an I/O for each page missing (dirdump(1), "Warm only what is missing": docs/man/dirdump.md).
     */
    private static final long READ_THROUGH = 256 << 10;

    private final Wanted wanted;
    private final boolean skipCached;
    /** WILLNEED: advice brings in no page the cache holds already, and a failed one stays failed. */
    private final boolean adviceOnly;
    private final CacheMeter meter;
    private final Tally tally;
    private final Reporter reporter;

    MissingPages(ReadPlan plan, CacheMeter meter, Tally tally, Reporter reporter) {
        this.wanted = plan.wanted();
        this.skipCached = plan.skipCached();
        this.adviceOnly = plan.method() == ReadMethod.WILLNEED;
        this.meter = meter;
        this.tally = tally;
        this.reporter = reporter;
    }

    /**
     * Measures the file's residency on the descriptor just checked by fstat (one cachestat). A file
     * whose wanted bytes are all in the cache, and can be read from it (CachedReads: one preadv2 per
     * 256 KiB cached), is counted, closed and not passed on (null), unless --force; of one partly
     * cached, only the ranges not cached are passed on, found by cachestat over halves
     * (ResidencyProbe#ranges). A file none of which is cached costs nothing more. A file whose cached
     * pages cannot be read (a read of them failed: EIO) is reported and counted as an error, and not
     * passed on: reading it again fails again, and advice does not bring in a page the cache holds.
     */
    FileToRead of(Opened o) {
        Stat st = o.stat();
        Residency before = meter.measure(o.file(), st);
        long[] want = wanted.ranges(o.path(), st);
        if (skipCached && before != null && want == null && before.allResident()) {
            // the common cached file: no ranges to work out
            long[] whole = ByteRanges.whole(st.size);
            return unreadable(o, before, st.sparse() ? cached(o, before, pages(null, before, st)) : whole)
                    ? null : skip(o, before, st.size);
        }
        if (!skipCached || before == null || (want == null && before.residentPages() == 0)
                || (want != null && want.length == 0)) {
            if (adviceOnly && before != null && before.residentPages() > 0 && (want == null || want.length > 0)
                    && unreadable(o, before, cached(o, before, pages(want, before, st)))) {
                return null;  // --force: advice would leave its failed pages as they are
            }
            return new FileToRead(o, before, want);
        }
        long[] pages = pages(want, before, st);
        long[] missing = before.allResident() ? new long[0]
                : before.residentPages() == 0 ? pages : meter.uncached(o.file(), pages, READ_THROUGH);
        if (missing == null) {
            return new FileToRead(o, before, want);  // unknown: read as asked
        }
        if (unreadable(o, before, ByteRanges.minus(pages, missing))) {
            return null;
        }
        long cached = ByteRanges.length(pages) - ByteRanges.length(missing);
        if (missing.length > 0) {
            tally.addCachedLeft(cached);
            return new FileToRead(o, before, missing);
        }
        return skip(o, before, cached);
    }

    /** The whole pages of the {@code want} ranges (null: the whole file). */
    private static long[] pages(long[] want, Residency before, Stat st) {
        return ByteRanges.pages(want == null ? ByteRanges.whole(st.size) : want, before.pageSize(), st.size);
    }

    /** The cached ones of {@code pages}, or null if unknown. */
    private long[] cached(Opened o, Residency before, long[] pages) {
        return meter.cached(o.file(), pages, before.pageSize());
    }

    /**
     * Whether pages of the {@code cached} byte ranges (null: unknown) cannot be read: then the file is
     * reported, counted as an error and closed, and left out of the residency totals, as a file whose
     * read fails.
     */
    private boolean unreadable(Opened o, Residency before, long[] cached) {
        SysException failure = cached == null ? null : meter.unreadable(o.file(), cached, before.pageSize());
        if (failure == null) {
            return false;
        }
        o.file().close();
        reporter.error(o.path(), failure.getMessage());
        tally.addError();
        return true;
    }

    /** A file whose wanted pages are all cached: counted ({@code cached} bytes left alone), closed, not passed on. */
    private FileToRead skip(Opened o, Residency before, long cached) {
        tally.addCachedLeft(cached);
        o.file().close();
        meter.unchanged(before);
        tally.addSkipped(SkipReason.ALREADY_CACHED);
        reporter.skipped(o.path(), SkipReason.ALREADY_CACHED);
        return null;
    }
}
