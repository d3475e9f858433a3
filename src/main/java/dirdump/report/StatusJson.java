package dirdump.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dirdump.cache.PageTotals;
import dirdump.cache.StatusRun;
import dirdump.outcome.PathText;
import dirdump.run.PassFacts;
import dirdump.sys.Residency;
import java.io.PrintStream;

/** The status as one JSON object on stdout, after the record's members; with -v, a row per file in {@code per_file}. */
public final class StatusJson implements StatusRun.Rows {
    private final JsonArray perFile = new JsonArray();

    @Override
    public void file(byte[] path, Residency r, long size) {
        JsonObject row = new JsonObject();
        row.addProperty("path", PathText.of(path));
        row.addProperty("size", size);
        if (r == null) {
            row.addProperty("unknown", true);
        } else {
            row.addProperty("pages_resident", r.residentPages());
            row.addProperty("pages", r.totalPages());
            row.addProperty("bytes_resident", r.residentBytes());
            row.addProperty("percent", PageTotals.percent(r.residentPages(), r.totalPages()));
        }
        perFile.add(row);
    }

    public void print(PageTotals totals, PassFacts common, boolean perFileRows, JsonObject o, PrintStream out) {
        ResidencyFigures.addTo(totals, o);
        CommonSummary.addTo(common, o);
        if (perFileRows) {
            o.add("per_file", perFile);
        }
        JsonSummary.println(o, out);
    }
}
