package dirdump.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import dirdump.outcome.PathText;
import dirdump.sys.PathNames;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Properties;
import java.util.function.Supplier;

/**
 * The members every command's --json record begins with (dirdump-record.schema.json, "record"): what ran,
 * where, when, on which PATHs, with which settings, and the errors it reported. Everything here is
 * known already or read from one small file: no work is done for it.
 */
public final class RunRecord {
    /** Raised when a member changes meaning or goes away; adding a member keeps it. */
    public static final int SCHEMA_VERSION = 1;

    private final String command;
    private final Instant start = Instant.now();
    private final JsonArray paths = new JsonArray();
    private final JsonObject settings = new JsonObject();
    private final Supplier<String> host;

    /**
     * {@code command}: read, order, status, evict, lock or bench; {@code paths}: as given (null: none); {@code host}:
     * asked only when the record is written.
     */
    public RunRecord(String command, List<String> paths, Supplier<String> host) {
        this.command = command;
        this.host = host;
        if (paths != null) {
            // The bytes the walk opens, shown as messages show them (a name that is not UTF-8 escaped).
            paths.forEach(p -> this.paths.add(PathText.of(PathNames.bytes(p))));
        }
    }

    /** A resolved setting; null values stay, as JSON null (an option not given and without default). */
    public RunRecord setting(String key, Object value) {
        settings.add(key, value == null ? JsonNull.INSTANCE
                : value instanceof Number n ? new JsonPrimitive(n)
                : value instanceof Boolean b ? new JsonPrimitive(b)
                : value instanceof List<?> list ? strings(list)
                : new JsonPrimitive(String.valueOf(value)));
        return this;
    }

    private static JsonElement strings(List<?> values) {
        JsonArray a = new JsonArray();
        values.forEach(v -> a.add(String.valueOf(v)));
        return a;
    }

    /** A new object holding the record's members, ended now; the command adds its own after them. */
    public JsonObject json(StderrReporter reporter) {
        JsonObject o = new JsonObject();
        o.addProperty("schema_version", SCHEMA_VERSION);
        o.addProperty("command", command);
        o.addProperty("dirdump_version", version());
        o.addProperty("host", host.get());
        o.addProperty("started_at", start.truncatedTo(ChronoUnit.MILLIS).toString());
        o.addProperty("ended_at", Instant.now().truncatedTo(ChronoUnit.MILLIS).toString());
        o.add("paths", paths);
        o.add("settings", settings);
        o.add("reported_errors", reporter.errorsJson());
        return o;
    }

    /** The version Maven wrote into the jar, or "unknown" (run from classes without it). */
    public static String version() {
        Properties p = new Properties();
        try (InputStream in = RunRecord.class.getResourceAsStream("/dirdump/version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            return "unknown";
        }
        return p.getProperty("version", "unknown");
    }
}
