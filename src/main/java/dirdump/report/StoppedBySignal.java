package dirdump.report;

import com.google.gson.JsonObject;
import java.util.List;

/** A run stopped by a signal: the summary counts what was done before it. */
public record StoppedBySignal(String signal) implements SummarySection {
    @Override
    public List<String> lines() {
        return List.of("stopped by " + signal + ": the counts are of what was done before");
    }

    @Override
    public void addTo(JsonObject json) {
        json.addProperty("stopped_by", signal);
    }
}
