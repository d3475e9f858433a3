package dirdump.run;

import dirdump.cache.PageTotals;
import dirdump.cache.SnapshotSaver;
import dirdump.cache.SnapshotWriter;
import dirdump.cache.StatusPass;
import dirdump.outcome.FileReason;
import dirdump.outcome.Units;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * status: each file's residency measured, shown row by row through {@code rows}, and with --save kept
 * in a snapshot; then --min-percent checked. Settings in, result out.
 */
public final class StatusRun {
    /**
     * The totals, the summary's facts, the exit status among them, and the page cache charged to the
     * memory cgroup whose limit binds (or the process's own; null if none), beside which status shows the set's.
     */
    public record Result(PageTotals totals, PassFacts facts, CgroupPageCache cgroup) {
        public ExitCode exit() {
            return facts.ending().exit();
        }
    }

    /** --save: FILE as given (-: standard output), and the snapshot opened on it before the walk. */
    public record Save(String file, SnapshotWriter writer) {
    }

    private StatusRun() {
    }

    /** {@code save}, {@code minPercent}: or null, when not given. */
    public static Result run(CachePass pass, StatusPass.Rows rows, Save save, Double minPercent) {
        OrderedFiles files = pass.files();
        long start = System.nanoTime();
        SnapshotSaver saver = save == null ? null : new SnapshotSaver(save.writer(), files.walk(), pass.probe());
        // A snapshot is written in sequence order: one thread.
        PageTotals totals = StatusPass.run(files.os(), files.walk(), files.sequence(), pass.probe(), files.tally(),
                pass.reporter(), rows, saver, saver != null ? 1 : pass.threads(), pass.stop());
        long measuring = System.nanoTime() - start;
        ExitCode exit = pass.exit();
        if (saver != null && pass.stop().signal() == 0) {
            exit = saved(pass, save.file(), saver, exit);
        }
        String shortfall = shortfall(totals, minPercent);
        if (shortfall != null && exit == ExitCode.OK) {
            pass.reporter().problem(shortfall);
            exit = ExitCode.NOT_RESIDENT;
        }
        return new Result(totals, pass.facts("measuring", measuring, exit), CgroupPageCache.now());
    }

    /**
     * Puts the snapshot in place (a run stopped by a signal leaves FILE as it was); a failure is exit 2,
     * files left out of it (too long a name, no room left in its bound) exit 1.
     */
    private static ExitCode saved(CachePass pass, String file, SnapshotSaver saver, ExitCode exit) {
        try {
            saver.commit();
        } catch (IOException e) {
            pass.reporter().problem("--save " + file + ": " + FileReason.of(e) + "; nothing saved");
            return ExitCode.WRITE_ERROR;
        }
        if (!file.equals("-")) {
            pass.reporter().notice(file.getBytes(StandardCharsets.UTF_8), String.format(Locale.ROOT,
                    "saved the resident pages of %,d file%s", saver.files(), saver.files() == 1 ? "" : "s"));
        }
        String leftOut = saver.leftOut();
        if (leftOut != null) {
            pass.reporter().problem("--save " + file + ": " + leftOut);
            return exit == ExitCode.OK ? ExitCode.SOME_FAILED : exit;
        }
        return exit;
    }

    /**
     * Why the totals fall short of --min-percent ("85.5 % of the pages ..."), or null when they do
     * not or it was not given. The exact fraction is compared, the rounded-down one shown. With no
     * pages there is nothing to be missing, unless every file was of unknown residency: that is no yes.
     */
    static String shortfall(PageTotals t, Double minPercent) {
        if (minPercent == null) {
            return null;
        }
        String asked = minPercent == Math.rint(minPercent) ? Long.toString(minPercent.longValue()) : minPercent.toString();
        if (t.pages() == 0) {
            return t.unknownFiles() == 0 ? null : String.format(Locale.ROOT,
                    "the residency of no file is known (%,d unknown), so not --min-percent %s", t.unknownFiles(), asked);
        }
        return 100.0 * t.residentPages() / t.pages() >= minPercent ? null : String.format(Locale.ROOT,
                "%s %% of the pages are in the page cache, less than --min-percent %s",
                Units.percent(t.residentPages(), t.pages()), asked);
    }
}
