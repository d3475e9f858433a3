package dirdump.report;

import com.google.gson.JsonObject;
import java.util.List;

/**
 * Why the run used the java.nio fallback (libc could not be bound): in the summary and the JSON too,
 * not only in the warning at start, which a cron job that keeps only stdout never sees.
 */
public record IoFallback(String reason) implements SummarySection {
    @Override
    public List<String> lines() {
        return List.of("io: java.nio fallback, because libc could not be bound: " + reason);
    }

    @Override
    public void addTo(JsonObject json) {
        json.addProperty("io_fallback_reason", reason);
    }
}
