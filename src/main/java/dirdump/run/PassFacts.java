package dirdump.run;

import dirdump.outcome.StopRequest;
import dirdump.outcome.Tally;

/**
 * What the summary of a command other than a read tells besides its own numbers: what was skipped
 * and failed, how, and how long each phase took. {@code work} names the last phase ("measuring");
 * {@code stoppedBy}: the name of the signal that ended the command early, or null.
 */
public record PassFacts(Tally tally, int unusablePaths, String order, String method, String io,
                        long listingNanos, long orderingNanos, String work, long workNanos, int exitStatus,
                        String stoppedBy) {

    /** The facts of a pass over {@code files} that worked by {@code method} for {@code workNanos}. */
    public static PassFacts of(OrderedFiles files, String method, String work, long workNanos, ExitCode exit,
                               StopRequest stop) {
        return new PassFacts(files.tally(), files.listing().unusablePaths, files.order().key(), method,
                files.os().description(), files.listingNanos(), files.orderingNanos(), work, workNanos, exit.status,
                stop.stoppedBy());
    }
}
