package dirdump.report;

import com.google.gson.JsonObject;
import dirdump.outcome.Units;
import dirdump.run.PassFacts;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The part of the summary that status, evict and lock have in common, after their own numbers: what
 * was skipped and failed, how (order, method, I/O), how long each phase took, and the exit status:
 * the {@link PassFacts}, for people and as JSON members.
 */
public final class CommonSummary {
    private CommonSummary() {
    }

    /** The lines under the first of the summary for people. */
    public static List<String> lines(PassFacts f) {
        List<String> lines = new ArrayList<>(List.of(
                HumanSummary.skipped(f.tally()),
                HumanSummary.errors(f.tally(), f.unusablePaths()),
                String.format(Locale.ROOT, "%s; order %s; residency by %s; %s",
                        Units.count(f.tally().directories(), "directory", "directories"), f.order(), f.method(), f.io()),
                String.format(Locale.ROOT, "seconds: listing %.3f, ordering %.3f, %s %.3f",
                        f.listingNanos() / 1e9, f.orderingNanos() / 1e9, f.work(), f.workNanos() / 1e9)));
        if (f.stoppedBy() != null) {
            lines.addAll(new StoppedBySignal(f.stoppedBy()).lines());
        }
        return lines;
    }

    /** Members skipped, errors, unusable_paths, directories, order, method, io, seconds, stopped_by, exit_status. */
    public static void addTo(PassFacts f, JsonObject o) {
        o.add("skipped", JsonSummary.skipped(f.tally()));
        o.addProperty("errors", f.tally().errors());
        o.addProperty("unusable_paths", f.unusablePaths());
        o.addProperty("directories", f.tally().directories());
        o.addProperty("order", f.order());
        o.addProperty("method", f.method());
        o.addProperty("io", f.io());
        JsonObject seconds = new JsonObject();
        seconds.addProperty("total", (f.listingNanos() + f.orderingNanos() + f.workNanos()) / 1e9);
        seconds.addProperty("listing", f.listingNanos() / 1e9);
        seconds.addProperty("ordering", f.orderingNanos() / 1e9);
        seconds.addProperty(f.work(), f.workNanos() / 1e9);
        o.add("seconds", seconds);
        if (f.stoppedBy() != null) {
            new StoppedBySignal(f.stoppedBy()).addTo(o);
        }
        o.addProperty("exit_status", f.exitStatus());
    }
}
