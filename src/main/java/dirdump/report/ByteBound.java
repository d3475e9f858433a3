package dirdump.report;

import com.google.gson.JsonObject;
import dirdump.outcome.Units;
import java.util.List;

/** --max-bytes: the bound, and whether the run stopped at it (exit 0: what was asked was done). */
public record ByteBound(long bound, boolean reached) implements SummarySection {
    @Override
    public List<String> lines() {
        return reached ? List.of("stopped at --max-bytes " + Units.bytes(bound) + " (" + bound
                + " bytes brought in): the files after were not read, nor the rest of the last one") : List.of();
    }

    @Override
    public void addTo(JsonObject json) {
        JsonObject o = new JsonObject();
        o.addProperty("bound", bound);
        o.addProperty("reached", reached);
        json.add("max_bytes", o);
    }
}
