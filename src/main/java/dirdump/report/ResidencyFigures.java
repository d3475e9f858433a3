package dirdump.report;

import com.google.gson.JsonObject;
import dirdump.cache.PageTotals;
import dirdump.outcome.Units;
import java.util.Locale;

/** {@link PageTotals} as the summaries show them: in words, as JSON members, and a percentage as text. */
public final class ResidencyFigures {
    private ResidencyFigures() {
    }

    /** "59,837 of 59,837 pages (233.7 MiB), 100.0 %". */
    public static String text(PageTotals t) {
        return String.format(Locale.ROOT, "%,d of %,d pages (%s), %s %%", t.residentPages(), t.pages(),
                Units.bytes(t.residentBytes()), Units.percent(t.residentPages(), t.pages()));
    }

    /** Members files, unknown_files, pages_resident, pages, bytes_resident, percent (null without pages). */
    public static void addTo(PageTotals t, JsonObject o) {
        o.addProperty("files", t.files());
        o.addProperty("unknown_files", t.unknownFiles());
        o.addProperty("pages_resident", t.residentPages());
        o.addProperty("pages", t.pages());
        o.addProperty("bytes_resident", t.residentBytes());
        o.addProperty("percent", PageTotals.percent(t.residentPages(), t.pages()));
    }
}
