package dirdump.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import dirdump.cache.PageTotals;
import dirdump.cache.StatusPass;
import dirdump.outcome.PathText;
import dirdump.run.CgroupPageCache;
import dirdump.run.StatusRun;
import dirdump.sys.Residency;
import java.io.PrintStream;

/** The status as one JSON object on stdout, after the record's members; with -v, a row per file in {@code per_file}. */
public final class StatusJson implements StatusPass.Rows {
    private final JsonArray perFile = new JsonArray();

    @Override
    public void file(StatusPass.RowFile file, Residency r, Residency data, long size) {
        JsonObject row = new JsonObject();
        row.addProperty("path", PathText.of(file.path()));
        row.addProperty("size", size);
        if (!r.known() || !data.known()) {
            row.addProperty("unknown", true);
        } else {
            figures(r, "", row);
            figures(data, "data_", row);
        }
        perFile.add(row);
    }

    /** As fincore counts ({@code prefix} ""), or of the data only ("data_"). */
    private static void figures(Residency r, String prefix, JsonObject row) {
        row.addProperty(prefix + "pages_resident", r.residentPages());
        row.addProperty(prefix + "pages", r.totalPages());
        row.addProperty(prefix + "bytes_resident", r.residentBytes());
        row.addProperty(prefix + "percent", PageTotals.percent(r.residentPages(), r.totalPages()));
    }

    /** The page cache charged to the memory cgroup: its name (null if not printable), bytes, limit (null: none). */
    private static JsonElement cgroup(CgroupPageCache c) {
        if (c == null) {
            return JsonNull.INSTANCE;
        }
        JsonObject o = new JsonObject();
        o.addProperty("name", c.name());
        o.addProperty("page_cache", c.bytes());
        o.addProperty("limit", c.limit());
        return o;
    }

    public void print(StatusRun.Result done, boolean perFileRows, JsonObject o, PrintStream out) {
        ResidencyFigures.addTo(done.totals(), o);
        o.add("memory_cgroup", cgroup(done.cgroup()));
        CommonSummary.addTo(done.facts(), o);
        if (perFileRows) {
            o.add("per_file", perFile);
        }
        JsonSummary.println(o, out);
    }
}
