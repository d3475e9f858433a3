package dirdump.cache;

import dirdump.outcome.Reporter;
import dirdump.outcome.Tally;
import dirdump.scan.FileOpener;
import dirdump.scan.WalkResult;
import dirdump.sys.Os;
import dirdump.sys.Residency;
import dirdump.sys.StatBuffer;
import dirdump.sys.SysException;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * Which byte ranges of each listed file are in the page cache, and its size and mtime, at one moment:
 * run --learn measures them before and after COMMAND. Of a file of unknown residency, nothing is
 * learned. Indexed by the walk's file index; one thread, as residency is asked page range by range.
 */
public final class ResidentPages {
    private final ByteRanges[] ranges;
    private final long[] sizes;
    private final long[] mtimes;
    private int pageSize;

    private ResidentPages(int files) {
        ranges = new ByteRanges[files];
        sizes = new long[files];
        mtimes = new long[files];
    }

    /** The files of {@code sequence}, each opened through {@link FileOpener} and checked, measured. */
    public static ResidentPages measure(Os os, WalkResult walk, int[] sequence, ResidencyProbe probe, Tally tally,
                                        Reporter reporter, BooleanSupplier stop) {
        ResidentPages pages = new ResidentPages(walk.files.size());
        FilePass.run(os, walk, sequence, tally, reporter, FileOpener.Use.MEASURE, 1, stop, () -> pages, (a, b) -> { },
                part -> f -> pages.measure(f, probe));
        return pages;
    }

    private void measure(ListedFile f, ResidencyProbe probe) throws SysException {
        StatBuffer st = f.stat;
        Residency r = probe.measure(f.file, st);
        sizes[f.index] = st.size();
        mtimes[f.index] = st.toStat().mtimeNanos;
        if (!r.known()) {
            return;
        }
        pageSize = r.pageSize();
        ByteRanges extent = st.sparse() ? probe.data(f.file, st.toStat(), r.pageSize()) : ByteRanges.whole(st.size());
        ranges[f.index] = r.residentPages() == 0 ? ByteRanges.NONE
                : r.allResident() ? extent : probe.ranges(f.file, extent, true, r.pageSize()).orElse(null);
    }

    /** File {@code f}'s resident ranges; none if its residency is unknown or it was not measured. */
    public Optional<ByteRanges> of(int f) {
        return Optional.ofNullable(ranges[f]);
    }

    public long size(int f) {
        return sizes[f];
    }

    public long mtimeNanos(int f) {
        return mtimes[f];
    }

    /** The page size the ranges were measured in; 0 if no file's residency was known. */
    public int pageSize() {
        return pageSize;
    }
}
