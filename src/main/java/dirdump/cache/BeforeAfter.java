package dirdump.cache;

import com.google.gson.JsonObject;
import dirdump.report.SummarySection;
import dirdump.sys.Residency;
import java.util.List;
import java.util.Locale;

/**
 * Residency of the files a run worked on, before and after it: the read and evict summaries. One
 * per reader, merged at the end.
 */
public final class BeforeAfter implements SummarySection {
    private final PageTotals before = new PageTotals();
    private final PageTotals after = new PageTotals();

    /** One file; either may be null (unknown), and then the file counts as unknown in both. */
    public void add(Residency then, Residency now) {
        boolean known = then != null && now != null;
        before.add(known ? then : null);
        after.add(known ? now : null);
    }

    public void add(BeforeAfter other) {
        before.add(other.before);
        after.add(other.after);
    }

    public PageTotals before() {
        return before;
    }

    public PageTotals after() {
        return after;
    }

    /** "page cache: 12.5 % of 59,837 pages resident before, 100.0 % after; 2 files of unknown residency". */
    @Override
    public List<String> lines() {
        long unknown = before.unknownFiles();
        String unknownText = String.format(Locale.ROOT, "%,d file%s of unknown residency", unknown, unknown == 1 ? "" : "s");
        if (before.files() == 0) {
            return unknown == 0 ? List.of() : List.of("page cache: " + unknownText);
        }
        return List.of(String.format(Locale.ROOT, "page cache: %s %% of %,d pages resident before, %s %% after%s",
                PageTotals.percentText(before.residentPages(), before.pages()), before.pages(),
                PageTotals.percentText(after.residentPages(), after.pages()),
                unknown == 0 ? "" : "; " + unknownText));
    }

    /** {"page_cache": {"before": {...}, "after": {...}}}, each as {@link PageTotals#addTo}. */
    @Override
    public void addTo(JsonObject json) {
        JsonObject pageCache = new JsonObject();
        JsonObject b = new JsonObject();
        before.addTo(b);
        pageCache.add("before", b);
        JsonObject a = new JsonObject();
        after.addTo(a);
        pageCache.add("after", a);
        json.add("page_cache", pageCache);
    }
}
