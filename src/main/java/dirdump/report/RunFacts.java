package dirdump.report;

import com.google.gson.JsonObject;
import java.util.List;
import java.util.Locale;

/**
 * What the summary of a command other than a read tells besides its own numbers: what was skipped
 * and failed, how, and how long each phase took. {@code work} names the last phase ("measuring").
 */
public record RunFacts(Tally tally, int unusablePaths, String order, String method, String io,
                       long listingNanos, long orderingNanos, String work, long workNanos, int exitStatus) {

    public List<String> lines() {
        return List.of(
                HumanSummary.skipped(tally),
                HumanSummary.errors(tally, unusablePaths),
                String.format(Locale.ROOT, "%,d directories; order %s; residency by %s; %s",
                        tally.directories(), order, method, io),
                String.format(Locale.ROOT, "seconds: listing %.3f, ordering %.3f, %s %.3f",
                        listingNanos / 1e9, orderingNanos / 1e9, work, workNanos / 1e9));
    }

    /** Members skipped, errors, unusable_paths, directories, order, method, io, seconds, exit_status. */
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
        o.addProperty("exit_status", exitStatus);
    }
}
