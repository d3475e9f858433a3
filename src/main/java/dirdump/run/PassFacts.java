package dirdump.run;

import dirdump.outcome.StopRequest;
import dirdump.outcome.Tally;
import java.util.ArrayList;
import java.util.List;

/**
 * What every pass over the ordered files tells besides its own numbers (a read, status, evict, lock):
 * what was skipped and failed, how (order, method, I/O), how long each phase took, and how it ended.
 * {@code phases}: listing, ordering, then the pass's own ("measuring"; a read's "locating" and "reading").
 */
public record PassFacts(Tally tally, int unusablePaths, How how, List<Phase> phases, Ending ending) {

    /** How the pass went over the files: in what order, by what method, through what I/O. */
    public record How(String order, String method, String io) {
    }

    /** How the pass ended: its status, and the name of the signal that ended it early, or null. */
    public record Ending(ExitCode exit, String stoppedBy) {
    }

    /** A phase of the pass, named as the summary names it, and the time it took. */
    public record Phase(String name, long nanos) {
    }

    /** The facts of a pass over {@code files} that worked by {@code method}, in the phases {@code own} after the order's. */
    public static PassFacts of(OrderedFiles files, String method, ExitCode exit, StopRequest stop, Phase... own) {
        List<Phase> phases = new ArrayList<>(List.of(new Phase("listing", files.listingNanos()),
                new Phase("ordering", files.orderingNanos())));
        phases.addAll(List.of(own));
        return new PassFacts(files.tally(), files.walk().unusablePaths,
                new How(files.order().key(), method, files.os().description()), List.copyOf(phases),
                new Ending(exit, stop.stoppedBy()));
    }

    /** Every phase, listing included: what the user waits for. */
    public long totalNanos() {
        return phases.stream().mapToLong(Phase::nanos).sum();
    }
}
