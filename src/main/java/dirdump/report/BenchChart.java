package dirdump.report;

import dirdump.bench.VariantResult;
import java.io.PrintStream;
import java.util.List;

/**
 * The median seconds as bars of '#', one line a variant, within {@value #WIDTH} columns. A variant
 * whose every run failed gets no bar, and the word instead of its seconds.
 */
final class BenchChart {
    static final int WIDTH = 79;
    private static final String FAILED = "failed";
    /** Longer labels are cut, so that the bars keep at least half the width. */
    private static final int MAX_LABEL = 32;

    private BenchChart() {
    }

    static void print(List<VariantResult> variants, PrintStream out) {
        int label = Math.min(MAX_LABEL, variants.stream().mapToInt(v -> v.label.length()).max().orElse(0));
        int value = variants.stream().mapToInt(v -> value(v).length()).max().orElse(0);
        int bar = WIDTH - label - 1 - 1 - value;
        double longest = variants.stream().filter(v -> !v.failed()).mapToDouble(v -> v.medianSeconds).max().orElse(0);
        out.println("median seconds (a shorter bar is faster)");
        for (VariantResult v : variants) {
            int n = v.failed() || longest == 0 ? 0 : (int) Math.round(v.medianSeconds / longest * bar);
            if (n == 0 && !v.failed() && v.medianSeconds > 0) {
                n = 1;  // a run that took any time at all shows
            }
            String seconds = value(v);
            out.println(pad(cut(v.label, label), label) + " " + pad("#".repeat(n), bar) + " "
                    + " ".repeat(value - seconds.length()) + seconds);
        }
        out.println();
    }

    private static String value(VariantResult v) {
        return v.failed() ? FAILED : BenchTable.seconds(v.medianSeconds);
    }

    private static String cut(String s, int width) {
        return s.length() <= width ? s : s.substring(0, width - 3) + "...";
    }

    private static String pad(String s, int width) {
        return s + " ".repeat(width - s.length());
    }
}
