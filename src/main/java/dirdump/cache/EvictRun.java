package dirdump.cache;

import dirdump.outcome.Reporter;
import dirdump.outcome.PathText;
import dirdump.outcome.Tally;
import dirdump.scan.FileOpener;
import dirdump.scan.Listing;
import dirdump.scan.SharedCursor;
import dirdump.sys.Os;
import dirdump.sys.Residency;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Drops each listed file's pages from the page cache with posix_fadvise(POSIX_FADV_DONTNEED), and
 * measures them before and after. The files are opened read-only: nothing is written.
 */
public final class EvictRun {
    private EvictRun() {
    }

    /**
     * {@code threads}: how many evict at once; with -v, one, so that the lines come in sequence order.
     * {@code stop}: ends the pass early (a signal), with the totals of the files evicted.
     */
    public static BeforeAfter run(Os os, Listing listing, int[] sequence, ResidencyProbe probe, Tally tally,
                                  Reporter reporter, int threads, BooleanSupplier stop) {
        List<BeforeAfter> parts = new ArrayList<>();
        List<Tally> tallies = new ArrayList<>();
        SharedCursor.forEach(sequence, threads, stop, () -> {
            FileOpener opener = new FileOpener(os, listing, reporter, "not evicted");
            BeforeAfter residency = new BeforeAfter();
            Tally counts = new Tally();
            parts.add(residency);
            tallies.add(counts);
            return f -> opener.use(f, counts, (path, file, st) -> {
                Residency before = probe.measure(file, st);
                file.dontNeed();
                Residency after = probe.measure(file, st);
                residency.add(before, after);
                if (reporter.verbose()) {
                    reporter.line(PathText.of(path) + ": " + (before == null || after == null ? "residency unknown"
                            : before.residentPages() + " -> " + after.residentPages() + " of " + after.totalPages()
                                    + " pages resident"));
                }
            });
        });
        BeforeAfter total = new BeforeAfter();
        parts.forEach(total::add);
        tallies.forEach(tally::add);
        return total;
    }
}
