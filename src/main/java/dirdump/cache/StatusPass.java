package dirdump.cache;

import dirdump.outcome.Reporter;
import dirdump.outcome.Tally;
import dirdump.scan.FileOpener;
import dirdump.scan.WalkResult;
import dirdump.sys.OpenFile;
import dirdump.sys.Os;
import dirdump.sys.Residency;
import dirdump.sys.Stat;
import dirdump.sys.StatBuffer;
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
     * holes), both {@link Residency#UNKNOWN} when unknown; and its size. {@code row} gives the file's path.
     */
    @FunctionalInterface
    public interface Rows {
        void file(RowFile row, Residency file, Residency data, long size);
    }

    /** The file a row is of: its path is built only when asked for, as a row shown to no one (-q) needs none. */
    public interface RowFile {
        /** As told to a user. */
        byte[] path();
    }

    /** Each file measured, open, with its residency (perhaps {@link Residency#UNKNOWN}): for status --save. */
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
        return FilePass.run(os, walk, sequence, tally, reporter, FileOpener.Use.MEASURE, threads, stop, PageTotals::new,
                PageTotals::add, part -> new Measuring(part, probe, new CachedReads(os), rows, saver));
    }

    /** One thread's measuring, into its part of the totals, with a check of cached pages of its own. */
    private record Measuring(PageTotals part, ResidencyProbe probe, CachedReads reads, Rows rows, Saver saver)
            implements FilePass.Work {
        @Override
        public void file(ListedFile f) throws SysException {
            StatBuffer st = f.stat;
            Residency measured = probe.measure(f.file, st);
            Residency r = reads.residency(f.file, st.size(), st.sparse(), measured, probe);
            Residency whole = st.sparse() ? wholeFile(probe.wholeFile(f.file, st), measured, r) : r;
            part.add(r, whole);
            rows.file(f, whole, r, st.size());
            if (saver != null) {
                saver.file(f.index, f.file, st.toStat(), r);  // --save only: the snapshot keeps the mtime, a Stat's
            }
            if (reads.failure() != null) {
                throw reads.failure();  // counted as the pages it could read, and reported as an error
            }
        }
    }

    /** The whole file's residency less the data pages found unreadable (see CachedReads); UNKNOWN if either is. */
    private static Residency wholeFile(Residency whole, Residency measured, Residency readable) {
        if (!whole.known() || !readable.known()) {
            return Residency.UNKNOWN;
        }
        long unreadable = measured.residentPages() - readable.residentPages();
        return new Residency(Math.max(0, whole.residentPages() - unreadable), whole.totalPages(), whole.pageSize());
    }
}
