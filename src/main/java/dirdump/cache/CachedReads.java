package dirdump.cache;

import dirdump.sys.OpenFile;
import dirdump.sys.Os;
import dirdump.sys.ReadBuffer;
import dirdump.sys.Residency;
import dirdump.sys.SysException;

/**
 * Whether the pages the page cache holds of a file can be read. cachestat and mincore count every page
 * the cache holds, also one whose read failed: read-ahead (WILLNEED advice, a reader's) that met an I/O
 * error leaves its pages there, not up to date, and each read of them tries the device again and fails
 * (EIO). So the ranges cachestat found cached are read by preadv2(RWF_NOWAIT), which copies the pages
 * that are up to date and waits for no I/O: a range of up to 256 KiB whole (one call), a longer one only
 * its last page, and whole only if that cannot be read (to find the first page that cannot), so that a
 * cron job re-checking a cached terabyte copies a page a range, not the terabyte. A failed read-ahead
 * leaves its whole window not up to date, up to the range's end where the device failed from there on
 * (a cut-short or failing disk); a bad page inside a long range that is readable at its end is not
 * found. None for a file with nothing cached. Where it stops short, the page there decides: no longer cached (evicted
 * since it was measured), it is passed over; cached, it is read for real (one byte), which waits for a
 * read in flight and tries a failed one again, and that read's error is the file's. Not quite free of
 * I/O on Linux 6.18: a page that carries the kernel's read-ahead mark starts read-ahead of the pages
 * after it (of a file cached whole, none), and one evicted meanwhile has its read started.
 * One per thread, so that a file checked costs no object: its buffer is made at its first file with
 * cached pages, and the failure found is kept until the next file is checked.
 */
public final class CachedReads {
    private static final int BUFFER = 256 << 10;

    private final Os os;
    private ReadBuffer buffer;
    /** The byte range of the whole file being checked (see ByteRanges#whole), refilled for each. */
    private final long[] whole = new long[2];
    /** Why a page of the file checked last cannot be read; null if all can, or if that cannot be told. */
    private SysException failure;

    public CachedReads(Os os) {
        this.os = os;
    }

    /**
     * The residency of a file of {@code size} bytes measured as {@code measured} (or null, unknown), with
     * the pages from the first that cannot be read on counted as not cached; that page's failure is then
     * {@link #failure()}. Only the parts cached are read, found by {@code probe} (ResidencyProbe#ranges)
     * unless all of a file with no holes is; as measured where that cannot be told (no preadv2 or no
     * RWF_NOWAIT here).
     */
    public Residency residency(OpenFile file, long size, boolean sparse, Residency measured, ResidencyProbe probe)
            throws SysException {
        failure = null;
        if (measured == null || measured.residentPages() == 0) {
            return measured;
        }
        int pageSize = measured.pageSize();
        // Its pages are its bytes (ByteRanges#pages): a file with a page resident is not empty, and
        // its last page ends at its size.
        whole[1] = size;
        long[] cached = measured.allResident() && !sparse ? whole : probe.ranges(file, whole, true, pageSize);
        long readable = cached == null ? -1 : scan(file, cached, pageSize);
        if (failure == null) {
            return measured;
        }
        return new Residency(Math.min(readable / pageSize, measured.residentPages()), measured.totalPages(), pageSize);
    }

    /** Why a page of the file last checked by {@link #residency} cannot be read; null if all can, or if unknown. */
    public SysException failure() {
        return failure;
    }

    /** Why the first page of the cached byte {@code ranges} that cannot be read cannot be; null if all can, or if unknown. */
    public SysException unreadable(OpenFile file, long[] ranges, int pageSize) {
        failure = null;
        scan(file, ranges, pageSize);
        return failure;
    }

    /**
     * The cached ranges read up to the first page that cannot be: the bytes readable before it (all, if
     * none is), with why it cannot be in {@link #failure}; -1, and no failure, if this cannot be told here.
     */
    private long scan(OpenFile file, long[] ranges, int pageSize) {
        if (buffer == null) {
            buffer = os.allocate(BUFFER);
        }
        long readable = 0;
        for (int i = 0; i < ranges.length; i += 2) {
            long end = ranges[i + 1];
            long last = Math.max(ranges[i], end - pageSize);
            long pos = end - ranges[i] <= BUFFER || !readable(file, buffer, last, end) ? ranges[i] : end;
            long confirmed = -1;
            try {
                while (pos < end) {
                    int n = file.readCached(buffer, pos, (int) Math.min(buffer.capacity(), end - pos));
                    if (n == 0) {
                        break;  // the file ends sooner: truncated since it was measured
                    }
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
                    return -1;
                }
                failure = new SysException(e.errno(), "pages cached but unreadable (" + e.getMessage() + ")");
                return readable + pos - ranges[i];
            }
            readable += end - ranges[i];
        }
        return readable;
    }

    /** Whether the bytes from {@code pos} to {@code end} (at most a page) are copied from the cache whole. */
    private static boolean readable(OpenFile file, ReadBuffer buffer, long pos, long end) {
        try {
            return file.readCached(buffer, pos, (int) (end - pos)) == end - pos;
        } catch (SysException e) {
            return false;  // the scan of the whole range tells why
        }
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
