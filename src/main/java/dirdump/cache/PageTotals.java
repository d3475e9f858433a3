package dirdump.cache;

import dirdump.outcome.Units;
import com.google.gson.JsonObject;
import dirdump.sys.Residency;
import java.util.Locale;

/**
 * Pages resident of the pages in the files measured, at one moment. Files whose residency cannot be
 * known are counted apart and nothing of them enters the sums: no number shown may be false.
 */
public final class PageTotals {
    private long files;
    private long unknownFiles;
    private long residentPages;
    private long pages;
    private long residentBytes;

    /** A file measured; null if its residency cannot be known. */
    public void add(Residency r) {
        if (r == null) {
            unknownFiles++;
            return;
        }
        files++;
        residentPages += r.residentPages();
        pages += r.totalPages();
        residentBytes += r.residentBytes();
    }

    public void add(PageTotals other) {
        files += other.files;
        unknownFiles += other.unknownFiles;
        residentPages += other.residentPages;
        pages += other.pages;
        residentBytes += other.residentBytes;
    }

    public long files() {
        return files;
    }

    public long unknownFiles() {
        return unknownFiles;
    }

    public long residentPages() {
        return residentPages;
    }

    public long pages() {
        return pages;
    }

    public long residentBytes() {
        return residentBytes;
    }

    /** "59,837 of 59,837 pages (233.7 MiB), 100.0 %". */
    public String text() {
        return String.format(Locale.ROOT, "%,d of %,d pages (%s), %s %%", residentPages, pages,
                Units.bytes(residentBytes), percentText(residentPages, pages));
    }

    /** Members files, unknown_files, pages_resident, pages, bytes_resident, percent (null without pages). */
    public void addTo(JsonObject o) {
        o.addProperty("files", files);
        o.addProperty("unknown_files", unknownFiles);
        o.addProperty("pages_resident", residentPages);
        o.addProperty("pages", pages);
        o.addProperty("bytes_resident", residentBytes);
        o.addProperty("percent", percent(residentPages, pages));
    }

    /**
     * Rounded down to 0.1, so that 100.0 means every page and a page short shows as 99.9; null
     * without pages: 0 of 0 is no percentage.
     */
    public static Double percent(long resident, long pages) {
        return pages == 0 ? null : Math.floor(1000.0 * resident / pages) / 10;
    }

    /** As {@link #percent}, in text: "99.9", "-". Not String.format, which costs microseconds a row of status -v. */
    public static String percentText(long resident, long pages) {
        if (pages == 0) {
            return "-";
        }
        long tenths = (long) Math.floor(1000.0 * resident / pages);
        return tenths / 10 + "." + tenths % 10;
    }
}
