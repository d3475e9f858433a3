package dirdump.report;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonObject;
import dirdump.outcome.SkipReason;
import dirdump.outcome.Tally;
import dirdump.run.ReadResult;
import java.io.PrintStream;

/** The summary as one JSON object on stdout, after the record's members; the fields are in docs/json.md and the schema. */
public final class JsonSummary {
    private JsonSummary() {
    }

    public static void print(ReadResult s, JsonObject o, PrintStream out) {
        Tally t = s.tally();
        o.addProperty("files_read", t.filesRead());
        o.addProperty("bytes_read", t.bytesRead());
        o.addProperty("holes", t.holes());
        o.addProperty("cached_bytes_left", t.cachedLeft());
        o.add("skipped", skipped(t));
        JsonObject filtered = new JsonObject();
        filtered.addProperty("total", t.filteredTotal());
        for (SkipReason r : SkipReason.values()) {
            if (r.byFilter) {
                filtered.addProperty(r.key, t.skipped(r));
            }
        }
        o.add("filtered", filtered);
        o.addProperty("errors", t.errors());
        o.addProperty("unusable_paths", s.unusablePaths());
        o.addProperty("directories", t.directories());
        o.addProperty("order", s.order());
        o.addProperty("method", s.method());
        o.addProperty("io", s.io());
        o.addProperty("jobs", s.readers());
        o.addProperty("buffer_size", s.bufferSize());
        JsonObject seconds = new JsonObject();
        seconds.addProperty("total", s.seconds());
        seconds.addProperty("listing", s.listingNanos() / 1e9);
        seconds.addProperty("ordering", s.orderingNanos() / 1e9);
        seconds.addProperty("locating", s.locatingNanos() / 1e9);
        seconds.addProperty("reading", s.readingNanos() / 1e9);
        o.add("seconds", seconds);
        o.addProperty("mib_per_second", s.mebibytesPerSecond());
        o.addProperty("files_per_second", s.filesPerSecond());
        for (SummarySection section : ReadSections.of(s)) {
            section.addTo(o);
        }
        o.addProperty("exit_status", s.exitStatus());
        println(o, out);
    }

    /** {"total": N, "symlink": N, ..., "changed": N}. */
    public static JsonObject skipped(Tally t) {
        JsonObject skipped = new JsonObject();
        skipped.addProperty("total", t.skippedTotal());
        for (SkipReason r : SkipReason.values()) {
            if (!r.byFilter) {
                skipped.addProperty(r.key, t.skipped(r));
            }
        }
        skipped.addProperty("changed", t.changed());
        return skipped;
    }

    /** One object on one line; a member without a value (a percentage of 0 pages) stays, as null. */
    public static void println(JsonObject o, PrintStream out) {
        out.println(new GsonBuilder().disableHtmlEscaping().serializeNulls().create().toJson(o));
        out.flush();
    }
}
