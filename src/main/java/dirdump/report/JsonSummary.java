package dirdump.report;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonObject;
import dirdump.outcome.Tally;
import dirdump.run.ReadResult;
import java.io.PrintStream;

/** The summary as one JSON object on stdout, after the record's members; the fields are in docs/json.md and the schema. */
public final class JsonSummary {
    private JsonSummary() {
    }

    /** A read's: its counts, then the common part with what a read adds. */
    public static void print(ReadResult s, JsonObject o, PrintStream out) {
        Tally t = s.facts().tally();
        o.addProperty("files_read", t.filesRead());
        o.addProperty("bytes_read", t.bytesRead());
        o.addProperty("holes", t.holes());
        o.addProperty("cached_bytes_left", t.cachedLeft());
        CommonSummary.addTo(s.facts(), new ReadDetail(s), o);
        println(o, out);
    }

    /** One object on one line; a member without a value (a percentage of 0 pages) stays, as null. */
    public static void println(JsonObject o, PrintStream out) {
        out.println(new GsonBuilder().disableHtmlEscaping().serializeNulls().create().toJson(o));
        out.flush();
    }
}
