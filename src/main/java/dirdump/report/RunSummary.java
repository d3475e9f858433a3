package dirdump.report;

import dirdump.outcome.Units;
import dirdump.outcome.Tally;
import java.util.List;

/**
 * Everything the end-of-run summary shows, for people (stderr) or as JSON (stdout). Features add
 * their own {@link SummarySection}s.
 */
public record RunSummary(
        String order,
        String method,
        String io,
        int jobs,
        int bufferSize,
        Tally tally,
        int unusablePaths,
        long listingNanos,
        long orderingNanos,
        long locatingNanos,
        long readingNanos,
        long totalNanos,
        int exitStatus,
        List<SummarySection> sections) {

    public double seconds() {
        return totalNanos / 1e9;
    }

    /** Over the whole run, listing included: what the user waits for. In MiB, as every size (README, "Units"). */
    public double mebibytesPerSecond() {
        return totalNanos == 0 ? 0 : tally.bytesRead() / Units.MIB / seconds();
    }

    public double filesPerSecond() {
        return totalNanos == 0 ? 0 : tally.filesRead() / seconds();
    }
}
