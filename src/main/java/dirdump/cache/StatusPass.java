package dirdump.cache;

import dirdump.outcome.Reporter;
import dirdump.outcome.Tally;
import dirdump.scan.FileOpener;
import dirdump.scan.WalkResult;
import dirdump.sys.OpenFile;
import dirdump.sys.Os;
import dirdump.sys.Residency;
import dirdump.sys.Stat;
import dirdump.sys.SysException;
import java.util.function.BooleanSupplier;

/**
 * Measures the page-cache residency of each listed file, in sequence order. Its cached pages are read
 * from memory (see CachedReads), so that a page whose read failed is not counted as cached, and its
 * file is reported.
 */
public final class StatusPass {
    /**
     * Each file's residency as it is measured, for a per-file listing: {@code file} of the whole file as
     * fincore counts it, {@code data} of its data only (SEEK_DATA; the same object for a file with no
     * holes), both null when unknown; and its size.
     */
    @FunctionalInterface
    public interface Rows {
        void file(byte[] path, Residency file, Residency data, long size);
    }

    /** Each file measured, open, with its residency (null when unknown): for status --save. */
    @FunctionalInterface
    public interface Saver {
        void file(int f, OpenFile file, Stat st, Residency residency) throws SysException;
    }

    private StatusPass() {
    }

    public static PageTotals run(Os os, WalkResult walk, int[] sequence, ResidencyProbe probe, Tally tally,
                                 Reporter reporter, Rows rows, int threads, BooleanSupplier stop) {
        return run(os, walk, sequence, probe, tally, reporter, rows, null, threads, stop);
    }

    /**
     * {@code threads}: how many measure at once (the totals are the same); rows come in sequence order
     * only with one, as {@code saver} (or null) needs. {@code stop}: ends the pass early (a signal),
     * with the totals of the files measured.
     */
    public static PageTotals run(Os os, WalkResult walk, int[] sequence, ResidencyProbe probe, Tally tally,
                                 Reporter reporter, Rows rows, Saver saver, int threads, BooleanSupplier stop) {
        CachedReads reads = new CachedReads(os);
        return FilePass.run(os, walk, sequence, tally, reporter, FileOpener.Use.MEASURE, threads, stop, PageTotals::new,
                PageTotals::add, (part, f, path, file, st) -> {
                    Residency measured = probe.measure(file, st);
                    CachedReads.Checked c = reads.residency(file, st, measured, probe);
                    Residency r = c.residency();
                    Residency whole = st.sparse() ? wholeFile(probe.wholeFile(file, st), measured, r) : r;
                    part.add(r, whole);
                    rows.file(path, whole, r, st.size);
                    if (saver != null) {
                        saver.file(f, file, st, r);
                    }
                    if (c.failure() != null) {
                        throw c.failure();  // counted as the pages it could read, and reported as an error
                    }
                });
    }

    /** The whole file's residency less the data pages found unreadable (see CachedReads); null if unknown. */
    private static Residency wholeFile(Residency whole, Residency measured, Residency readable) {
        if (whole == null || readable == null) {
            return null;
        }
        long unreadable = measured.residentPages() - readable.residentPages();
        return new Residency(Math.max(0, whole.residentPages() - unreadable), whole.totalPages(), whole.pageSize());
    }
}
