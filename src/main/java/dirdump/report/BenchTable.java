package dirdump.report;

import dirdump.bench.BenchResults;
import dirdump.bench.CachePrep;
import dirdump.bench.CacheState;
import dirdump.bench.VariantResult;
import dirdump.outcome.Units;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The results for people: what was measured how, a row per variant, the bar chart and the notes. The
 * product of {@code dirdump bench}, so on stdout. The variant comes last, where a long command line
 * can run on without shifting the numbers.
 */
public final class BenchTable {
    private static final String ROW = "%9s %9s %9s %9s %10s %8s  %s%n";

    private BenchTable() {
    }

    public static void print(BenchResults r, PrintStream out) {
        out.printf(Locale.ROOT, "dirdump bench: %,d files, %s; %s; %d round%s%n", r.files(),
                Units.bytes(r.bytes()), how(r.prep()), r.rounds(), r.rounds() == 1 ? "" : "s, medians");
        MachineLines.of(r.machine()).forEach(out::println);
        out.printf(Locale.ROOT, ROW, "median s", "min s", "max s", "MiB/s", "files/s", "speedup", "variant");
        for (VariantResult v : r.variants()) {
            out.printf(Locale.ROOT, ROW, seconds(v.medianSeconds), seconds(v.minSeconds), seconds(v.maxSeconds),
                    figure("%.1f", v.mebibytesPerSecond), figure("%,.0f", v.filesPerSecond),
                    figure("%.2fx", v.speedup), v.label + marks(v, r.prep().asked));
        }
        out.println();
        BenchChart.print(r.variants(), out);
        if (r.variants().stream().anyMatch(v -> v.settings != null)) {
            out.println("settings, as resolved on this machine:");
            for (VariantResult v : r.variants()) {
                if (v.settings != null) {
                    out.println("  " + v.label + ": " + v.settings.text());
                }
            }
        }
        for (String note : r.notes()) {
            out.println("note: " + note);
        }
        out.flush();
    }

    private static String how(CachePrep prep) {
        switch (prep) {
            case EVICT: return "cold: the files evicted (posix_fadvise) before each run, metadata left cached";
            case DROP_CACHES: return "cold: all caches dropped (drop_caches) before each run, metadata too";
            default: return "warm: one untimed round first, nothing evicted";
        }
    }

    /** " (not cold, 1 of 3 runs failed)", or "". */
    private static String marks(VariantResult v, CacheState asked) {
        List<String> marks = new ArrayList<>();
        int n = v.runs.size();
        if (v.runsOff > 0) {
            marks.add((v.runsOff == n ? "" : v.runsOff + " of " + n + " runs ") + "not " + asked.key());
        }
        if (v.failedRuns > 0) {
            marks.add(v.failedRuns == n ? "failed" : v.failedRuns + " of " + n + " runs failed");
        }
        return marks.isEmpty() ? "" : " (" + String.join(", ", marks) + ")";
    }

    /** "0.793", or "-" when no run ended well. */
    static String seconds(Double s) {
        return figure("%.3f", s);
    }

    private static String figure(String format, Double value) {
        return value == null ? "-" : String.format(Locale.ROOT, format, value);
    }
}
