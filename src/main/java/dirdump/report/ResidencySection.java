package dirdump.report;

import com.google.gson.JsonObject;
import dirdump.cache.PageTotals;
import dirdump.cache.ResidencyChange;
import dirdump.outcome.Units;
import java.util.List;
import java.util.Locale;

/** The residency before and after a read or an eviction, as its summary's "page cache:" line and "page_cache" member. */
public record ResidencySection(ResidencyChange residency) implements SummarySection {
    /** "page cache: 12.5 % of 59,837 pages resident before, 100.0 % after; 2 files of unknown residency". */
    @Override
    public List<String> lines() {
        PageTotals before = residency.before();
        PageTotals after = residency.after();
        long unknown = before.unknownFiles();
        String unknownText = String.format(Locale.ROOT, "%,d file%s of unknown residency", unknown, unknown == 1 ? "" : "s");
        if (before.files() == 0) {
            return unknown == 0 ? List.of() : List.of("page cache: " + unknownText);
        }
        return List.of(String.format(Locale.ROOT, "page cache: %s %% of %,d pages resident before, %s %% after%s",
                Units.percent(before.residentPages(), before.pages()), before.pages(),
                Units.percent(after.residentPages(), after.pages()),
                unknown == 0 ? "" : "; " + unknownText));
    }

    /** {"page_cache": {"before": {...}, "after": {...}}}, each as {@link ResidencyFigures#addTo}. */
    @Override
    public void addTo(JsonObject json) {
        JsonObject pageCache = new JsonObject();
        JsonObject b = new JsonObject();
        ResidencyFigures.addTo(residency.before(), b);
        pageCache.add("before", b);
        JsonObject a = new JsonObject();
        ResidencyFigures.addTo(residency.after(), a);
        pageCache.add("after", a);
        json.add("page_cache", pageCache);
    }
}
