package dirdump.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * A variant's runs, one a round, and what the results show of them: medians (a slow spell of a shared
 * machine moves a median less than a mean), the spread, and the speedup against the first variant,
 * the median of the ratios within each round (so that a slow spell, which hits a round's runs alike,
 * cancels out). Figures are rounded once, here, so that every output shows the same numbers.
 */
public final class VariantResult {
    public final String label;
    public final String kind;
    public final List<Run> runs;
    public final double medianSeconds;
    public final double minSeconds;
    public final double maxSeconds;
    public final double megabytesPerSecond;
    public final double filesPerSecond;
    public final double speedup;
    /** The state every run started in, or MIXED. */
    public final CacheState cache;
    /** Runs that did not start in the state asked (UNKNOWN ones are not counted: they may be right). */
    public final int runsOff;
    public final int failedRuns;

    /** {@code base}: the first variant's runs, round for round. */
    VariantResult(Variant variant, List<Run> runs, List<Run> base, CacheState asked) {
        this.label = variant.label();
        this.kind = variant.kind();
        this.runs = List.copyOf(runs);
        medianSeconds = round(median(runs, Run::seconds), 6);
        minSeconds = round(runs.stream().mapToDouble(Run::seconds).min().orElse(0), 6);
        maxSeconds = round(runs.stream().mapToDouble(Run::seconds).max().orElse(0), 6);
        megabytesPerSecond = round(median(runs, Run::megabytesPerSecond), 3);
        filesPerSecond = round(median(runs, Run::filesPerSecond), 1);
        List<Double> ratios = new ArrayList<>();
        for (int r = 0; r < runs.size(); r++) {
            ratios.add(base.get(r).seconds() / runs.get(r).seconds());
        }
        speedup = round(median(ratios, Double::doubleValue), 3);
        cache = runs.stream().map(Run::cache).distinct().count() == 1 ? runs.get(0).cache() : CacheState.MIXED;
        runsOff = (int) runs.stream().filter(r -> r.cache() != asked && r.cache() != CacheState.UNKNOWN).count();
        failedRuns = (int) runs.stream().filter(r -> r.outcome().failure() != null).count();
    }

    static <T> double median(List<T> items, ToDoubleFunction<T> value) {
        double[] v = items.stream().mapToDouble(value).sorted().toArray();
        int n = v.length;
        return n == 0 ? 0 : n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    /** The double nearest to x rounded to that many decimals, which prints as that short decimal. */
    static double round(double x, int decimals) {
        double scale = Math.pow(10, decimals);
        return Math.round(x * scale) / scale;
    }
}
