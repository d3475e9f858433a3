package dirdump.read;

import dirdump.cache.ByteRanges;
import dirdump.outcome.Reporter;
import dirdump.outcome.SkipReason;
import dirdump.outcome.Tally;
import dirdump.scan.Opened;
import dirdump.sys.Residency;
import dirdump.sys.Stat;

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
    private final CacheMeter meter;
    private final Tally tally;
    private final Reporter reporter;

    MissingPages(ReadPlan plan, CacheMeter meter, Tally tally, Reporter reporter) {
        this.wanted = plan.wanted();
        this.skipCached = plan.skipCached();
        this.meter = meter;
        this.tally = tally;
        this.reporter = reporter;
    }

    /**
     * Measures the file's residency on the descriptor just checked by fstat (one cachestat). A file
     * whose wanted bytes are all in the cache is counted, closed and not passed on (null), unless
     * --force; of one partly cached, only the ranges not cached are passed on, found by cachestat over
     * halves (ResidencyProbe#ranges). A file none of which is cached costs nothing more.
     */
    FileToRead of(Opened o) {
        Stat st = o.stat();
        Residency before = meter.measure(o.file(), st);
        long[] want = wanted.ranges(o.path(), st);
        if (skipCached && before != null && want == null && before.allResident()) {
            return skip(o, before, st.size);  // the common cached file: no ranges to work out
        }
        if (!skipCached || before == null || (want == null && before.residentPages() == 0)
                || (want != null && want.length == 0)) {
            return new FileToRead(o, before, want);
        }
        long[] pages = ByteRanges.pages(want == null ? ByteRanges.whole(st.size) : want, before.pageSize(), st.size);
        long[] missing = before.allResident() ? new long[0]
                : before.residentPages() == 0 ? pages : meter.uncached(o.file(), pages, READ_THROUGH);
        if (missing == null) {
            return new FileToRead(o, before, want);  // unknown: read as asked
        }
        long cached = ByteRanges.length(pages) - ByteRanges.length(missing);
        if (missing.length > 0) {
            tally.addCachedLeft(cached);
            return new FileToRead(o, before, missing);
        }
        return skip(o, before, cached);
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
