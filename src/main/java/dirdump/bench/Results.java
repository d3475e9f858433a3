package dirdump.bench;

import java.util.List;

/**
 * What bench found: each variant's result, in the order run, and how: the cache preparation, the
 * rounds, the files and bytes under the PATHs, and notes for the reader (a variant left out, why
 * marked runs may not be what was asked).
 */
public record Results(List<VariantResult> variants, CachePrep prep, int rounds, long files, long bytes,
                      List<String> notes) {

    /** 1 if a run failed (a dirdump read that could not read every file, a command that exited non-zero). */
    public int exitStatus() {
        return variants.stream().anyMatch(v -> v.failedRuns > 0) ? 1 : 0;
    }
}
