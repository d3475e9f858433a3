package dirdump.cache;

import dirdump.outcome.Reporter;
import dirdump.outcome.Tally;
import dirdump.scan.FileOpener;
import dirdump.scan.WalkResult;
import dirdump.sys.Os;
import dirdump.sys.Residency;
import dirdump.sys.SysException;
import java.util.Locale;
import java.util.function.BooleanSupplier;

/**
 * Drops each listed file's pages from the page cache with posix_fadvise(POSIX_FADV_DONTNEED), and
 * measures them before and after. DONTNEED only starts the writeback of dirty pages and drops the clean
 * ones, so a file just written would keep its pages: unless told not to, its dirty pages are written back
 * first and waited for (sync_file_range, on the read-only descriptor: the cache's bytes to the disk, no
 * byte of the file changed). A file with pages still resident after is that file's error (dirty ones
 * without writeback, pages a process maps or locks), so that the exit status says the cache is not cold.
 * The files are opened read-only: nothing is written to them.
 */
public final class EvictPass {
    private EvictPass() {
    }

    /**
     * {@code writeBack}: dirty pages written back first; {@code threads}: how many evict at once; with -v,
     * one, so that the lines come in sequence order. {@code stop}: ends the pass early (a signal), with
     * the totals of the files evicted.
     */
    public static ResidencyChange run(Os os, WalkResult walk, int[] sequence, ResidencyProbe probe, boolean writeBack,
                                      Tally tally, Reporter reporter, int threads, BooleanSupplier stop) {
        return FilePass.run(os, walk, sequence, tally, reporter, FileOpener.Use.EVICT, threads, stop, ResidencyChange::new,
                ResidencyChange::add, residency -> f -> {
                    Residency before = probe.measure(f.file, f.stat);
                    if (writeBack) {
                        f.file.writeBack();
                    }
                    f.file.dontNeed();
                    Residency after = probe.measure(f.file, f.stat);
                    residency.add(before, after);
                    if (reporter.verbose()) {
                        reporter.evicted(f.path(), before, after);
                    }
                    if (after.known() && after.residentPages() > 0) {
                        throw new SysException(0, String.format(Locale.ROOT, "%,d of %,d pages still in the page "
                                + "cache (%s)", after.residentPages(), after.totalPages(), writeBack
                                ? "mapped or locked by a process, or written to meanwhile"
                                : "dirty, not written back: --no-writeback; or mapped or locked by a process"));
                    }
                });
    }
}
