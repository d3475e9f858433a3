package dirdump.cache;

import dirdump.sys.OpenFile;
import dirdump.sys.Os;
import dirdump.sys.ReadBuffer;
import dirdump.sys.Residency;
import dirdump.sys.SysException;
import java.util.Optional;

/**
 * Whether the pages the page cache holds of a file can be read. cachestat counts every page the cache
 * holds, also one whose read failed: read-ahead (WILLNEED advice, a reader's) that met an I/O error
 * leaves its pages there, not up to date, and each read of them tries the device again and fails (EIO).
 * The check must leave the cache as it found it: a read of a page that carries the kernel's read-ahead
 * mark starts read-ahead of the window after it, even preadv2(RWF_NOWAIT) on a descriptor advised
 * POSIX_FADV_RANDOM (Linux 6.18), so that a status run over a file cached in part would bring more of it
 * in each time. So pages are read only of a file cached whole, where read-ahead finds nothing to bring
 * in: by preadv2(RWF_NOWAIT), which copies the pages that are up to date and waits for no I/O, a range of
 * up to 256 KiB whole (one call); of a longer one, its last page, and mincore over it (which counts only
 * the pages up to date, walking the cache without copying a byte), and the range whole only if either
 * finds a page that is not (to find the first that cannot be read), so that a cron job re-checking a
 * cached terabyte copies a page a range, not the terabyte. Where such a read stops short, the page there
 * is first asked of cachestat, so that one evicted meanwhile is passed over, not read. A file cached in
 * part (or sparse) is checked by mincore alone, which reads nothing: one call (a mapping a GiB) finds
 * whether all its cached pages are up to date; only where one is not is it found (halving its range) and,
 * if still cached, read for real (one byte), which waits for a read in flight and tries a failed one
 * again, and that read's error is the file's. mincore tells the truth where cachestat answers (root, or
 * the file's owner or writer: the same rule); where it cannot be trusted, a file cached in part is taken
 * as measured, and of one cached whole the last page of a long range decides. None for a file with
 * nothing cached.
 * One per thread, so that a file checked costs no object: its buffer is made at its first file with
 * cached pages, and the failure found is kept until the next file is checked.
 */
public final class CachedReads {
    private static final int BUFFER = 256 << 10;
    private static final long MINCORE_STEP = 1L << 30;

    private final Os os;
    private ReadBuffer buffer;
    /** Why a page of the file checked last cannot be read; null if all can, or if that cannot be told. */
    private SysException failure;

    public CachedReads(Os os) {
        this.os = os;
    }

    /**
     * The residency of a file of {@code size} bytes measured as {@code measured}, with the pages from the
     * first that cannot be read on counted as not cached; that page's failure is then {@link #failure()}.
     * Only the parts cached are read, found by {@code probe} (ResidencyProbe#ranges) unless all of a file
     * with no holes is; as measured where that cannot be told (no preadv2 or no RWF_NOWAIT here), and
     * {@link Residency#UNKNOWN} as it is.
     */
    public Residency residency(OpenFile file, long size, boolean sparse, Residency measured, ResidencyProbe probe)
            throws SysException {
        failure = null;
        if (!measured.known() || measured.residentPages() == 0) {
            return measured;
        }
        int pageSize = measured.pageSize();
        long readable;
        if (measured.allResident() && !sparse) {
            // Its pages are its bytes (ByteRanges#pages): a file with a page resident is not empty, and
            // its last page ends at its size.
            readable = scan(file, 0, size, true, pageSize);
        } else if (!sparse && upToDatePages(file, size) >= measured.residentPages()) {
            return measured;  // every page cachestat counted is up to date
        } else {
            Optional<ByteRanges> cached = probe.ranges(file, ByteRanges.whole(size), true, pageSize);
            readable = cached.isEmpty() ? -1 : scan(file, cached.get(), false, pageSize);
        }
        if (failure == null) {
            return measured;
        }
        return new Residency(Math.min(readable / pageSize, measured.residentPages()), measured.totalPages(), pageSize);
    }

    /** Why a page of the file last checked by {@link #residency} cannot be read; null if all can, or if unknown. */
    public SysException failure() {
        return failure;
    }

    /**
     * Why the first page of the cached byte {@code ranges} that cannot be read cannot be; null if all can,
     * or if unknown. {@code cachedWhole}: the file (with no holes) was found cached whole, and its pages
     * may be read (see the class comment).
     */
    public SysException unreadable(OpenFile file, ByteRanges ranges, boolean cachedWhole, int pageSize) {
        failure = null;
        scan(file, ranges, cachedWhole, pageSize);
        return failure;
    }

    /**
     * As {@link #unreadable(OpenFile, ByteRanges, boolean, int)}, of a file of {@code size} bytes with no
     * holes found cached whole: the common cached file, checked with no object made.
     */
    public SysException unreadable(OpenFile file, long size, int pageSize) {
        failure = null;
        scan(file, 0, size, true, pageSize);
        return failure;
    }

    /**
     * The cached ranges checked up to the first page that cannot be read: the bytes readable before it
     * (all, if none is), with why it cannot be in {@link #failure}; -1, and no failure, if this cannot be
     * told here.
     */
    private long scan(OpenFile file, ByteRanges ranges, boolean cachedWhole, int pageSize) {
        long readable = 0;
        for (int i = 0; i < ranges.count(); i++) {
            long n = scan(file, ranges.start(i), ranges.end(i), cachedWhole, pageSize);
            if (n < 0) {
                return -1;
            }
            readable += n;
            if (failure != null) {
                break;
            }
        }
        return readable;
    }

    /**
     * One cached range, from {@code start} to {@code end}, checked as {@link #scan(OpenFile, ByteRanges,
     * boolean, int)} does: its bytes readable (all, if every page is), or -1. Read only of a file cached
     * whole; else asked of mincore.
     */
    private long scan(OpenFile file, long start, long end, boolean cachedWhole, int pageSize) {
        if (buffer == null) {
            buffer = os.allocate(BUFFER);
        }
        if (!cachedWhole) {
            return byMincore(file, start, end, pageSize);
        }
        long last = Math.max(start, end - pageSize);
        long pos = end - start <= BUFFER || !readable(file, buffer, last, end)
                || !upToDate(file, start, end) ? start : end;
        long confirmed = -1;
        boolean stoppedShort = false;
        try {
            while (pos < end) {
                if (stoppedShort && pos != confirmed && !cached(file, pos - pos % pageSize)) {
                    pos += pageSize - pos % pageSize;  // evicted since it was measured: a read would bring it in
                    continue;
                }
                int asked = (int) Math.min(buffer.capacity(), end - pos);
                int n = file.readCached(buffer, pos, asked);
                if (n == 0) {
                    break;  // the file ends sooner: truncated since it was measured
                }
                stoppedShort = n < asked;
                if (n > 0) {
                    pos += n;
                } else if (pos == confirmed || !cached(file, pos - pos % pageSize)) {
                    pos += pageSize - pos % pageSize;  // evicted since it was measured: not this check's
                } else {
                    // Cached but not up to date: a real read waits for a read in flight, or tries a
                    // failed one again, and fails as a reader of the file would.
                    file.read(buffer, pos, 1);
                    confirmed = pos;
                }
            }
        } catch (SysException e) {
            if (e.isUnsupported()) {
                return byMincore(file, start, end, pageSize);
            }
            return unreadable(pos - start, e);
        }
        return end - start;
    }

    /** {@code readable} bytes, then a page that cannot be read, for the reason {@code e}. */
    private long unreadable(long readable, SysException e) {
        failure = e.reworded("pages cached but unreadable (" + e.getMessage() + ")");
        return readable;
    }

    /**
     * As {@link #scan(OpenFile, long, long, boolean, int)}, with no read of a page up to date (a file
     * cached in part, or one that takes no RWF_NOWAIT: FUSE): mincore finds the first page of the range
     * not up to date (halving the range), which is read for real if it is still cached. -1 if mincore
     * cannot tell here.
     */
    private long byMincore(OpenFile file, long start, long end, int pageSize) {
        if (!file.mincoreIsTruthful()) {
            return -1;
        }
        long stale;
        for (long pos = start; pos < end; pos = stale + pageSize) {
            try {
                stale = firstStale(file, pos, end, pageSize);
            } catch (SysException e) {
                return -1;
            }
            if (stale < 0) {
                break;
            }
            try {
                if (cached(file, stale)) {
                    file.read(buffer, stale, 1);
                }
            } catch (SysException e) {
                return unreadable(stale - start, e);
            }
        }
        return end - start;
    }

    /** The first page from {@code from} to {@code to} (a page's start) that mincore finds not up to date; -1 if none. */
    private static long firstStale(OpenFile file, long from, long to, int pageSize) throws SysException {
        if (allUpToDate(file, from, to)) {
            return -1;
        }
        if (to - from <= pageSize) {
            return from;
        }
        long mid = from + (to - from) / pageSize / 2 * pageSize;
        long left = firstStale(file, from, mid, pageSize);
        return left >= 0 ? left : firstStale(file, mid, to, pageSize);
    }

    /** Whether the bytes from {@code pos} to {@code end} (at most a page) are copied from the cache whole. */
    private static boolean readable(OpenFile file, ReadBuffer buffer, long pos, long end) {
        try {
            return file.readCached(buffer, pos, (int) (end - pos)) == end - pos;
        } catch (SysException e) {
            return false;  // the scan of the whole range tells why
        }
    }

    /**
     * Whether mincore finds every page from {@code from} to {@code to} up to date (a mapping of at most
     * 1 GiB at a time); true where it cannot tell (not trusted here, or refused).
     */
    private static boolean upToDate(OpenFile file, long from, long to) {
        try {
            return !file.mincoreIsTruthful() || allUpToDate(file, from, to);
        } catch (SysException e) {
            return true;
        }
    }

    /** Whether mincore finds every page from {@code from} to {@code to} up to date. */
    private static boolean allUpToDate(OpenFile file, long from, long to) throws SysException {
        for (long at = from; at < to; at += MINCORE_STEP) {
            Residency r = file.mincore(at, Math.min(MINCORE_STEP, to - at));
            if (r.residentPages() < r.totalPages()) {
                return false;
            }
        }
        return true;
    }

    /**
     * The pages up to date of the file's first {@code size} bytes, by mincore (a mapping of at most 1 GiB
     * at a time); -1 where it cannot tell (not trusted here, or refused).
     */
    private static long upToDatePages(OpenFile file, long size) {
        if (!file.mincoreIsTruthful()) {
            return -1;
        }
        long pages = 0;
        try {
            for (long at = 0; at < size; at += MINCORE_STEP) {
                pages += file.mincore(at, Math.min(MINCORE_STEP, size - at)).residentPages();
            }
        } catch (SysException e) {
            return -1;
        }
        return pages;
    }

    /** Whether the page at {@code offset} is in the cache; false where cachestat cannot tell. */
    private static boolean cached(OpenFile file, long offset) {
        try {
            return file.cachestat(offset, 1).residentPages() > 0;
        } catch (SysException e) {
            return false;
        }
    }
}
