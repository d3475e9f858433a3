package dirdump.run;

import dirdump.cache.ResidencyProbe;
import dirdump.scan.SequenceCursor;
import dirdump.outcome.Reporter;
import dirdump.outcome.StopRequest;

/**
 * A pass of status or evict over the ordered files: the files, how residency is measured, and how the
 * pass ends (its exit status, its summary's facts). {@code noMatch}: the filters left out every file
 * (said already).
 */
public record CachePass(OrderedFiles files, ResidencyProbe probe, Reporter reporter, StopRequest stop,
                        boolean noMatch) {

    /**
     * The time goes to system calls, which threads make side by side; with -v, one thread keeps the
     * per-file lines in order.
     */
    int threads() {
        return reporter.verbose() ? 1 : SequenceCursor.threads(files.sequence().length, 4);
    }

    /** The exit status of the pass as it went, before the command's own checks. */
    ExitCode exit() {
        return ExitCode.of(files.walk(), files.tally(), stop.signal(), noMatch);
    }

    /** {@code work}: the command's phase ("measuring"), which took {@code workNanos}. */
    PassFacts facts(String work, long workNanos, ExitCode exit) {
        return PassFacts.of(files, probe.methodUsed(), exit, stop, new PassFacts.Phase(work, workNanos));
    }
}
