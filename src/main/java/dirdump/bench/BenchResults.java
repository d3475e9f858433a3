package dirdump.bench;

import java.util.List;

/**
 * What bench found: each variant's result, in the order run, and how: the cache preparation, the
 * rounds, the files and bytes under the PATHs, and notes for the reader (a variant left out, why
 * marked runs may not be what was asked). {@code stoppedBy}: the signal that ended bench early
 * ("SIGTERM"), with {@code signal} its number, or null and 0; the results are then of the runs before.
 * {@code machine}: where and when it ran.
 */
public record BenchResults(List<VariantResult> variants, CachePrep prep, int rounds, long files, long bytes,
                      List<String> notes, String stoppedBy, int signal, Machine machine) {

    /**
     * 128 + the signal's number if one stopped bench (as a read's 130 and 143); 1 if a run failed (a
     * dirdump read that could not read every file, a command that exited non-zero or timed out); else 0.
     */
    public int exitStatus() {
        return signal != 0 ? 128 + signal : variants.stream().anyMatch(v -> v.failedRuns > 0) ? 1 : 0;
    }
}
