package dirdump.report;

import dirdump.outcome.Units;
import dirdump.outcome.Tally;
import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The part of the summary that status, evict and lock have in common, after their own numbers: what
 * was skipped and failed, how (order, method, I/O), how long each phase took, and the exit status.
 * {@code work} names the last phase ("measuring"); {@code stopped}: the signal that ended the command
 * early, or null.
 */
public record CommonSummary(Tally tally, int unusablePaths, String order, String method, String io,
                            long listingNanos, long orderingNanos, String work, long workNanos, int exitStatus,
                            StoppedBySignal stopped) {

    public List<String> lines() {
        List<String> lines = new ArrayList<>(List.of(
                HumanSummary.skipped(tally),
                HumanSummary.errors(tally, unusablePaths),
                String.format(Locale.ROOT, "%s; order %s; residency by %s; %s",
                        Units.count(tally.directories(), "directory", "directories"), order, method, io),
                String.format(Locale.ROOT, "seconds: listing %.3f, ordering %.3f, %s %.3f",
                        listingNanos / 1e9, orderingNanos / 1e9, work, workNanos / 1e9)));
        if (stopped != null) {
            lines.addAll(stopped.lines());
        }
        return lines;
    }

    /** Members skipped, errors, unusable_paths, directories, order, method, io, seconds, stopped_by, exit_status. */
    public void addTo(JsonObject o) {
        o.add("skipped", JsonSummary.skipped(tally));
        o.addProperty("errors", tally.errors());
        o.addProperty("unusable_paths", unusablePaths);
        o.addProperty("directories", tally.directories());
        o.addProperty("order", order);
        o.addProperty("method", method);
        o.addProperty("io", io);
        JsonObject seconds = new JsonObject();
        seconds.addProperty("total", (listingNanos + orderingNanos + workNanos) / 1e9);
        seconds.addProperty("listing", listingNanos / 1e9);
        seconds.addProperty("ordering", orderingNanos / 1e9);
        seconds.addProperty(work, workNanos / 1e9);
        o.add("seconds", seconds);
        if (stopped != null) {
            stopped.addTo(o);
        }
        o.addProperty("exit_status", exitStatus);
    }
}
