package dirdump.cache;

import dirdump.report.PathText;
import dirdump.report.Reporter;
import dirdump.report.Tally;
import dirdump.scan.FileOpener;
import dirdump.scan.Listing;
import dirdump.sys.Os;
import dirdump.sys.Residency;

/**
 * Drops each listed file's pages from the page cache with posix_fadvise(POSIX_FADV_DONTNEED), and
 * measures them before and after. The files are opened read-only: nothing is written.
 */
public final class EvictRun {
    private EvictRun() {
    }

    public static BeforeAfter run(Os os, Listing listing, int[] sequence, ResidencyProbe probe, Tally tally,
                                  Reporter reporter) {
        FileOpener opener = new FileOpener(os, listing, reporter, "not evicted");
        BeforeAfter residency = new BeforeAfter();
        for (int f : sequence) {
            opener.use(f, tally, (path, file, st) -> {
                Residency before = probe.measure(file, st.size);
                file.dontNeed();
                Residency after = probe.measure(file, st.size);
                residency.add(before, after);
                if (reporter.verbose()) {
                    reporter.line(PathText.of(path) + ": " + (before == null || after == null ? "residency unknown"
                            : before.residentPages() + " -> " + after.residentPages() + " of " + after.totalPages()
                                    + " pages resident"));
                }
            });
        }
        return residency;
    }
}
