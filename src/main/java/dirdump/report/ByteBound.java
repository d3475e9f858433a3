package dirdump.report;

import com.google.gson.JsonObject;
import dirdump.outcome.PathText;
import dirdump.outcome.Units;
import dirdump.read.ReadLimits;
import java.util.List;
import java.util.Locale;

/**
 * --max-bytes: the bound, whether the run stopped at it (exit 0: what was asked was done), and the
 * one file it cut short, if any (null: it fell between two files).
 */
public record ByteBound(long bound, boolean reached, ReadLimits.PartRead partRead) implements SummarySection {
    @Override
    public List<String> lines() {
        if (!reached) {
            return List.of();
        }
        String stopped = String.format(Locale.ROOT, "stopped at --max-bytes %s (%,d bytes brought in)", Units.bytes(bound),
                bound);
        if (partRead == null) {
            return List.of(stopped, "  the files after were not read");
        }
        return List.of(stopped, String.format(Locale.ROOT, "  the files after were not read; of the last, %s of %s:",
                Units.bytes(partRead.bytes()), Units.bytes(partRead.size())), "  " + PathText.of(partRead.path()));
    }

    @Override
    public void addTo(JsonObject json) {
        JsonObject o = new JsonObject();
        o.addProperty("bound", bound);
        o.addProperty("reached", reached);
        if (partRead == null) {
            o.add("part_read", null);
        } else {
            JsonObject file = new JsonObject();
            file.addProperty("path", PathText.of(partRead.path()));
            file.addProperty("bytes", partRead.bytes());
            file.addProperty("size", partRead.size());
            o.add("part_read", file);
        }
        json.add("max_bytes", o);
    }
}
