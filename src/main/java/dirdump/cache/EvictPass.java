package dirdump.cache;

import dirdump.outcome.Reporter;
import dirdump.outcome.Tally;
import dirdump.scan.FileOpener;
import dirdump.scan.WalkResult;
import dirdump.sys.Os;
import dirdump.sys.Residency;
import java.util.function.BooleanSupplier;

/**
 * Drops each listed file's pages from the page cache with posix_fadvise(POSIX_FADV_DONTNEED), and
 * measures them before and after. The files are opened read-only: nothing is written.
 */
public final class EvictPass {
    private EvictPass() {
    }

    /**
     * {@code threads}: how many evict at once; with -v, one, so that the lines come in sequence order.
     * {@code stop}: ends the pass early (a signal), with the totals of the files evicted.
     */
    public static ResidencyChange run(Os os, WalkResult walk, int[] sequence, ResidencyProbe probe, Tally tally,
                                  Reporter reporter, int threads, BooleanSupplier stop) {
        return FilePass.run(os, walk, sequence, tally, reporter, FileOpener.Use.EVICT, threads, stop, ResidencyChange::new,
                ResidencyChange::add, residency -> f -> {
                    Residency before = probe.measure(f.file, f.stat);
                    f.file.dontNeed();
                    Residency after = probe.measure(f.file, f.stat);
                    residency.add(before, after);
                    if (reporter.verbose()) {
                        reporter.evicted(f.path(), before, after);
                    }
                });
    }
}
