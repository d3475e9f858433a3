package dirdump.cache;

import dirdump.sys.Residency;

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

    /**
     * Rounded down to 0.1, so that 100.0 means every page and a page short shows as 99.9; null
     * without pages: 0 of 0 is no percentage.
     */
    public static Double percent(long resident, long pages) {
        return pages == 0 ? null : Math.floor(1000.0 * resident / pages) / 10;
    }
}
