package dirdump.run;

import dirdump.cache.EvictPass;
import dirdump.cache.ResidencyChange;

/** evict: each file's pages dropped from the page cache, measured before and after; settings in, result out. */
public final class EvictRun {
    /** The residency before and after, and the summary's facts, the exit status among them. */
    public record Result(ResidencyChange residency, PassFacts facts) {
        public ExitCode exit() {
            return facts.ending().exit();
        }
    }

    private EvictRun() {
    }

    /** {@code writeBack}: each file's dirty pages written back before it is evicted (not with --no-writeback). */
    public static Result run(CachePass pass, boolean writeBack) {
        OrderedFiles files = pass.files();
        long start = System.nanoTime();
        ResidencyChange residency = EvictPass.run(files.os(), files.walk(), files.sequence(), pass.probe(), writeBack,
                files.tally(), pass.reporter(), pass.threads(), pass.stop());
        long evicting = System.nanoTime() - start;
        return new Result(residency, pass.facts("evicting", evicting, pass.exit()));
    }
}
