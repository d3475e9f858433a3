package dirdump.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/**
 * A variant's runs, one a round, and what the results show of them: medians (a slow spell of a shared
 * machine moves a median less than a mean), the spread, and the speedup against the first variant,
 * the median of the ratios within each round (so that a slow spell, which hits a round's runs alike,
 * cancels out). Only runs that ended well count: a command that failed at once would otherwise look
 * the fastest. A figure no run gives is null (a variant whose every run failed has no time, no speedup
 * and no bar). Figures are rounded once, here, so that every output shows the same numbers.
 */
public final class VariantResult {
    public final String label;
    public final String kind;
    public final List<TimedRun> runs;
    public final Double medianSeconds;
    public final Double minSeconds;
    public final Double maxSeconds;
    public final Double mebibytesPerSecond;
    public final Double filesPerSecond;
    public final Double speedup;
    /** The state every run started in, or MIXED. */
    public final CacheState cache;
    /** Runs that did not start in the state asked (UNKNOWN ones are not counted: they may be right). */
    public final int runsOff;
    public final int failedRuns;
    /** Null for a command, or a read that never ran. */
    public final VariantSettings settings;

    /** {@code runs}: at least one; {@code base}: the first variant's runs, matched by round. */
    VariantResult(Variant variant, List<TimedRun> runs, List<TimedRun> base, CacheState asked) {
        this.label = variant.label();
        this.kind = variant.kind();
        this.runs = List.copyOf(runs);
        List<TimedRun> good = runs.stream().filter(TimedRun::endedWell).collect(Collectors.toList());
        medianSeconds = figure(good, median(good, TimedRun::seconds), 6);
        minSeconds = figure(good, good.stream().mapToDouble(TimedRun::seconds).min().orElse(0), 6);
        maxSeconds = figure(good, good.stream().mapToDouble(TimedRun::seconds).max().orElse(0), 6);
        mebibytesPerSecond = figure(good, median(good, TimedRun::mebibytesPerSecond), 3);
        filesPerSecond = figure(good, median(good, TimedRun::filesPerSecond), 1);
        List<Double> ratios = new ArrayList<>();
        for (TimedRun run : good) {
            base.stream().filter(b -> b.round() == run.round() && b.endedWell()).findFirst()
                    .ifPresent(b -> ratios.add(b.seconds() / run.seconds()));
        }
        speedup = figure(ratios, median(ratios, Double::doubleValue), 3);
        cache = runs.stream().map(TimedRun::cache).distinct().count() == 1 ? runs.get(0).cache() : CacheState.MIXED;
        runsOff = (int) runs.stream().filter(r -> r.cache() != asked && r.cache() != CacheState.UNKNOWN).count();
        failedRuns = runs.size() - good.size();
        settings = variant.settings();
    }

    /** Every run failed: nothing to compare. */
    public boolean failed() {
        return medianSeconds == null;
    }

    /** {@code value} rounded, or null when there is nothing it was taken of. */
    private static Double figure(List<?> of, double value, int decimals) {
        return of.isEmpty() ? null : round(value, decimals);
    }

    static <T> double median(List<T> items, ToDoubleFunction<T> value) {
        double[] v = items.stream().mapToDouble(value).sorted().toArray();
        int n = v.length;
        return n == 0 ? 0 : n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    /** The double nearest to x rounded to that many decimals, which prints as that short decimal. */
    public static double round(double x, int decimals) {
        double scale = Math.pow(10, decimals);
        return Math.round(x * scale) / scale;
    }
}
