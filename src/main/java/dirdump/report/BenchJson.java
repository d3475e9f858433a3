package dirdump.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import dirdump.bench.BenchResults;
import dirdump.bench.Machine;
import dirdump.bench.TimedRun;
import dirdump.bench.VariantResult;
import java.io.PrintStream;

/** The results as one JSON object on stdout, after the record's members, with every run; the fields are listed in docs/json.md. */
public final class BenchJson {
    private BenchJson() {
    }

    public static void print(BenchResults r, JsonObject o, PrintStream out) {
        o.addProperty("cache", r.prep().asked.key());
        o.addProperty("eviction", r.prep().key);
        o.addProperty("rounds", r.rounds());
        o.addProperty("files", r.files());
        o.addProperty("bytes", r.bytes());
        o.add("machine", machine(r.machine()));
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

    /** Where and when: null members where the system does not tell. */
    private static JsonObject machine(Machine m) {
        JsonObject o = new JsonObject();
        o.addProperty("date", m.date());
        o.addProperty("host", m.host());
        o.addProperty("kernel", m.kernel());
        o.addProperty("cores", m.cores());
        o.addProperty("dirdump_version", m.dirdumpVersion());
        JsonArray disks = new JsonArray();
        for (Machine.Disk d : m.disks()) {
            JsonObject disk = new JsonObject();
            disk.addProperty("device", d.device());
            disk.addProperty("path", d.path());
            disk.addProperty("file_system", d.fileSystem());
            disk.addProperty("model", d.model());
            disk.addProperty("rotational", d.rotational());
            disk.addProperty("virtual", d.virtual());
            disks.add(disk);
        }
        o.add("disks", disks);
        return o;
    }

    /** The variant's figures over its runs, its resolved settings (null for a command), then its runs. */
    private static JsonObject variant(VariantResult v) {
        JsonObject o = new JsonObject();
        o.addProperty("variant", v.label);
        o.addProperty("kind", v.kind);
        o.addProperty("median_seconds", v.medianSeconds);
        o.addProperty("min_seconds", v.minSeconds);
        o.addProperty("max_seconds", v.maxSeconds);
        o.addProperty("mib_per_second", v.mebibytesPerSecond);
        o.addProperty("files_per_second", v.filesPerSecond);
        o.addProperty("speedup", v.speedup);
        o.addProperty("cache", v.cache.key());
        o.addProperty("runs_off", v.runsOff);
        o.addProperty("failed_runs", v.failedRuns);
        if (v.settings != null) {
            JsonObject s = new JsonObject();
            s.addProperty("order", v.settings.order());
            s.addProperty("readers", v.settings.readers());
            s.addProperty("depth", v.settings.depth());
            s.addProperty("method", v.settings.method());
            s.addProperty("buffer_bytes", v.settings.bufferBytes());
            s.addProperty("prefetch", v.settings.prefetch());
            o.add("settings", s);
        } else {
            o.add("settings", JsonNull.INSTANCE);
        }
        JsonArray runs = new JsonArray();
        for (TimedRun run : v.runs) {
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
