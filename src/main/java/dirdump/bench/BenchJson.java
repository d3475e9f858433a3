package dirdump.bench;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dirdump.report.JsonSummary;
import java.io.PrintStream;

/** The results as one JSON object on stdout, after the record's members, with every run; the fields are listed in the README. */
public final class BenchJson {
    private BenchJson() {
    }

    public static void print(Results r, JsonObject o, PrintStream out) {
        o.addProperty("cache", r.prep().asked.key());
        o.addProperty("eviction", r.prep().key);
        o.addProperty("rounds", r.rounds());
        o.addProperty("files", r.files());
        o.addProperty("bytes", r.bytes());
        JsonArray variants = new JsonArray();
        for (VariantResult v : r.variants()) {
            variants.add(variant(v));
        }
        o.add("variants", variants);
        JsonArray notes = new JsonArray();
        r.notes().forEach(notes::add);
        o.add("notes", notes);
        if (r.stoppedBy() != null) {
            o.addProperty("stopped_by", r.stoppedBy());
        }
        o.addProperty("exit_status", r.exitStatus());
        JsonSummary.println(o, out);
    }

    /** The members of a CSV row ({@link BenchCsv#COLUMNS}), then its runs. */
    private static JsonObject variant(VariantResult v) {
        JsonObject o = new JsonObject();
        o.addProperty("variant", v.label);
        o.addProperty("kind", v.kind);
        o.addProperty("median_seconds", v.medianSeconds);
        o.addProperty("min_seconds", v.minSeconds);
        o.addProperty("max_seconds", v.maxSeconds);
        o.addProperty("mb_per_second", v.megabytesPerSecond);
        o.addProperty("files_per_second", v.filesPerSecond);
        o.addProperty("speedup", v.speedup);
        o.addProperty("cache", v.cache.key());
        o.addProperty("runs_off", v.runsOff);
        o.addProperty("failed_runs", v.failedRuns);
        JsonArray runs = new JsonArray();
        for (Run run : v.runs) {
            JsonObject ro = new JsonObject();
            ro.addProperty("round", run.round());
            ro.addProperty("seconds", VariantResult.round(run.seconds(), 6));
            ro.addProperty("files", run.outcome().files());
            ro.addProperty("bytes", run.outcome().bytes());
            ro.addProperty("resident_percent", run.residentPercent());
            ro.addProperty("cache", run.cache().key());
            ro.addProperty("failure", run.outcome().failure());
            runs.add(ro);
        }
        o.add("runs", runs);
        return o;
    }
}
