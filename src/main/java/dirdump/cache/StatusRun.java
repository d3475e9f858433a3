package dirdump.cache;

import dirdump.report.Reporter;
import dirdump.report.Tally;
import dirdump.scan.FileOpener;
import dirdump.scan.Listing;
import dirdump.sys.Os;
import dirdump.sys.Residency;

/** Measures the page-cache residency of each listed file, in sequence order; reads nothing. */
public final class StatusRun {
    /** Each file's residency as it is measured, for a per-file listing; null when unknown. */
    @FunctionalInterface
    public interface Rows {
        void file(byte[] path, Residency residency);
    }

    private StatusRun() {
    }

    public static PageTotals run(Os os, Listing listing, int[] sequence, ResidencyProbe probe, Tally tally,
                                 Reporter reporter, Rows rows) {
        FileOpener opener = new FileOpener(os, listing, reporter, "not measured");
        PageTotals totals = new PageTotals();
        for (int f : sequence) {
            opener.use(f, tally, (path, file, st) -> {
                Residency r = probe.measure(file, st.size);
                totals.add(r);
                rows.file(path, r);
            });
        }
        return totals;
    }
}
