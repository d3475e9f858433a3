package dirdump.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Bench results of runs whose seconds a test chose, without running anything: for what reports make of them. */
public final class KnownRuns {
    private static final Machine MACHINE = new Machine("2026-12-01T00:00:00Z", "host", "6.1.0", 2, "test", List.of());

    private KnownRuns() {
    }

    /**
     * Each variant (by its label, in order: the first is the baseline) with its runs' seconds, a round
     * each; a NaN is a run that failed. 100 files of 1 MiB, from a cold cache.
     */
    public static BenchResults of(Map<String, double[]> seconds) {
        List<List<TimedRun>> runs = new ArrayList<>();
        for (double[] s : seconds.values()) {
            List<TimedRun> variant = new ArrayList<>();
            for (int round = 1; round <= s.length; round++) {
                double x = s[round - 1];
                RunOutcome outcome = Double.isNaN(x) ? new RunOutcome(1_000_000L, 0, 0, "exit status 1")
                        : new RunOutcome(Math.round(x * 1e9), 100, 100L << 20, null);
                variant.add(new TimedRun(round, outcome, 0.0, CacheState.COLD));
            }
            runs.add(variant);
        }
        List<VariantResult> results = new ArrayList<>();
        int i = 0;
        for (String label : seconds.keySet()) {
            Variant v = new Variant() {
                @Override
                public String label() {
                    return label;
                }

                @Override
                public String kind() {
                    return "command";
                }

                @Override
                public RunOutcome run() {
                    throw new UnsupportedOperationException("known runs only");
                }
            };
            results.add(new VariantResult(v, runs.get(i++), runs.get(0), CacheState.COLD));
        }
        int rounds = seconds.values().stream().mapToInt(s -> s.length).max().orElse(0);
        return new BenchResults(results, CachePrep.EVICT, rounds, 100, 100L << 20, List.of(), null, 0, MACHINE);
    }
}
