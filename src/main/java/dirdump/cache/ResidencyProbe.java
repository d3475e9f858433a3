package dirdump.cache;

import dirdump.sys.OpenFile;
import dirdump.sys.Residency;
import dirdump.sys.Stat;
import dirdump.sys.StatBuffer;
import dirdump.sys.SysException;
import java.util.Optional;

/**
 * Measures how much of an open file is in the page cache by a method whose answer is true, or says
 * that this cannot be known. cachestat(2) first: one cheap call, and it refuses (EPERM) the
 * files whose residency the kernel hides. Where the kernel lacks it (ENOSYS, Linux before 6.5):
 * mmap + mincore, but only for a file the caller owns or may write, because for any other file
 * mincore claims every page resident (Linux 5.2+).
 */
public final class ResidencyProbe {
    private final ProbeMethod method;
    /** Set at the first ENOSYS, so that an old kernel costs one failed call, not one per file. */
    private volatile boolean cachestatMissing;

    public ResidencyProbe(ProbeMethod method) {
        this.method = method;
    }

    /**
     * The residency of the file as {@code st} (its fstat) sizes it, or {@link Residency#UNKNOWN} if it
     * cannot be known truthfully. Of a sparse file, only the data is measured: its holes have no pages to
     * count (a 16 TiB file with no blocks has none at all).
     */
    public Residency measure(OpenFile file, StatBuffer st) throws SysException {
        return measure(file, st.size(), st.sparse());
    }

    /** As {@link #measure(OpenFile, StatBuffer)}, of a file of {@code size} bytes (a read measures it again at its end). */
    public Residency measure(OpenFile file, long size, boolean sparse) throws SysException {
        if (!sparse) {
            return measure(file, 0, size);
        }
        Residency total = measure(file, 0, 0);
        ByteRanges data = total.known() ? data(file, size, total.pageSize()) : ByteRanges.NONE;
        for (int i = 0; total.known() && i < data.count(); i++) {
            total = total.plus(measure(file, data.start(i), data.end(i) - data.start(i)));
        }
        return total;
    }

    /**
     * The residency of the whole file, holes included, as fincore(1) counts it: the pages of a hole
     * that was read (as zeros, by another program) are in the cache too. {@link Residency#UNKNOWN} if it
     * cannot be known.
     */
    public Residency wholeFile(OpenFile file, StatBuffer st) throws SysException {
        return measure(file, 0, st.size());
    }

    /**
     * The data of a sparse file (SEEK_DATA, SEEK_HOLE), each part from its page's start: what it has
     * pages of. A snapshot saves these, not the holes between (2^63-1 bytes of a file on tmpfs).
     */
    public ByteRanges data(OpenFile file, Stat st, long pageSize) throws SysException {
        return data(file, st.size, pageSize);
    }

    private static ByteRanges data(OpenFile file, long size, long pageSize) throws SysException {
        ByteRanges.Builder found = new ByteRanges.Builder();
        long pos = 0;
        for (long data; (data = file.nextData(pos)) >= 0 && data < size; ) {
            pos = Math.min(file.nextHole(data), size);
            found.add(data - data % pageSize, pos);
        }
        return found.build();
    }

    /**
     * The parts of byte {@code ranges} whose
     * pages are in the page cache ({@code resident}) or are not, in whole pages and within the ranges;
     * empty if that cannot be known truthfully. Each range is measured whole, then by halves where it is
     * partly resident, down to single pages: a range all in or all out costs one call, a file cached
     * up to one point about two calls a halving (36 for 1 GiB), and the worst case, every other page,
     * two calls a page (each a cheap cachestat). Asked for the pages not resident, a part of at most
     * {@code finest} bytes (on a grid of that size from the range's start) that is partly resident is taken whole: reading through its cached pages
     * costs a memory copy, where a read of each page missing would cost a system call and an I/O.
     */
    public Optional<ByteRanges> ranges(OpenFile file, ByteRanges ranges, boolean resident, long finest)
            throws SysException {
        ByteRanges.Builder found = new ByteRanges.Builder();
        for (int i = 0; i < ranges.count(); i++) {
            Residency r = measure(file, ranges.start(i), ranges.end(i) - ranges.start(i));
            if (!r.known() || !split(file, ranges.start(i), ranges.end(i), r, resident, finest, found)) {
                return Optional.empty();
            }
        }
        return Optional.of(found.build());
    }

    private boolean split(OpenFile file, long from, long to, Residency r, boolean resident, long finest,
                          ByteRanges.Builder found) throws SysException {
        if (r.residentPages() == 0 || r.allResident()) {
            if ((r.residentPages() > 0) == resident) {
                found.add(from, to);
            }
            return true;
        }
        if (!resident && to - from <= finest) {
            found.add(from, to);
            return true;
        }
        // Halves on a grid of finest bytes from the range's start while they are larger, so that the
        // parts read whole lie on it (a file cached up to 8 MiB is read from 8 MiB on, not from 7.9).
        long unit = !resident && to - from > 2 * finest ? finest : r.pageSize();
        long middle = from + (to - from) / unit / 2 * unit;
        if (middle == from) {
            middle += unit;  // a range of two units or a unit and a part
        }
        Residency first = measure(file, from, middle - from);
        Residency second = measure(file, middle, to - middle);
        return first.known() && second.known() && split(file, from, middle, first, resident, finest, found)
                && split(file, middle, to, second, resident, finest, found);
    }

    private Residency measure(OpenFile file, long offset, long length) throws SysException {
        try {
            if (method != ProbeMethod.MINCORE && !cachestatMissing) {
                try {
                    return file.cachestat(offset, length);
                } catch (SysException e) {
                    if (!e.isMissingCall()) {
                        throw e;
                    }
                    cachestatMissing = true;
                }
            }
            if (method == ProbeMethod.CACHESTAT || !file.mincoreIsTruthful()) {
                return Residency.UNKNOWN;
            }
            return file.mincore(offset, length);
        } catch (SysException e) {
            if (e.isNotPermitted() || e.isUnmeasurable()) {
                return Residency.UNKNOWN;  // refused, or not measurable here: not an error of the file
            }
            throw e;
        }
    }

    /** The method that measured, for the summary. */
    public String methodUsed() {
        if (method == ProbeMethod.MINCORE || (method == ProbeMethod.AUTO && cachestatMissing)) {
            return "mincore";
        }
        return cachestatMissing ? "none (the kernel has no cachestat)" : "cachestat";
    }
}
