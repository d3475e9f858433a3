package dirdump.report;

import com.google.gson.JsonObject;
import dirdump.outcome.PathText;
import dirdump.outcome.Units;
import dirdump.read.ReadLimits;
import dirdump.run.AutoBound;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * --max-bytes: the bound (null: auto found none), whether the run stopped at it (exit 0: what was asked
 * was done), and the one file it cut short, if any (null: it fell between two files); with auto,
 * {@code fitted}: the room the bound was made of, which is always said.
 */
public record ByteBound(Long bound, boolean reached, ReadLimits.PartRead partRead, AutoBound fitted)
        implements SummarySection {
    @Override
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        if (fitted != null) {
            lines.add(bound == null ? "--max-bytes auto: no bound (no memory limit known)" : String.format(Locale.ROOT,
                    "--max-bytes auto: %s, of the %s the page cache can hold (%s), less the %s of page cache there "
                    + "already and %s for the readers' buffers and dirdump's own memory", Units.bytes(bound),
                    Units.bytes(fitted.room()), fitted.named(), Units.bytes(fitted.pageCache()),
                    Units.bytes(fitted.setAside())));
        }
        if (!reached) {
            return lines;
        }
        lines.add(String.format(Locale.ROOT, "stopped at --max-bytes %s (%,d bytes brought in)", Units.bytes(bound),
                bound));
        if (partRead == null) {
            lines.add("  the files after were not read");
        } else {
            lines.add(String.format(Locale.ROOT, "  the files after were not read; of the last, %s of %s:",
                    Units.bytes(partRead.bytes()), Units.bytes(partRead.size())));
            lines.add("  " + PathText.of(partRead.path()));
        }
        return lines;
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
        if (fitted == null) {
            o.add("auto", null);
        } else {
            JsonObject auto = new JsonObject();
            auto.addProperty("why", fitted.why());
            auto.addProperty("room", fitted.room() == Long.MAX_VALUE ? null : fitted.room());
            auto.addProperty("limit", fitted.limit());
            auto.addProperty("page_cache", fitted.pageCache());
            auto.addProperty("set_aside", fitted.setAside());
            o.add("auto", auto);
        }
        json.add("max_bytes", o);
    }
}
