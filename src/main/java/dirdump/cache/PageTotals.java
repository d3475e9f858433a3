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
    /** Files measured with a page or more resident. */
    private long filesResident;
    /** Sparse files measured, and their pages resident and pages as fincore counts them, holes included. */
    private long sparseFiles;
    private long sparseResidentPages;
    private long sparsePages;

    /**
     * A file measured by its data ({@code data}) and whole, holes included ({@code whole}, the same
     * object for a file with no holes); either may be {@link Residency#UNKNOWN}. The sums are of the data:
     * what a read warms.
     */
    public void add(Residency data, Residency whole) {
        add(data);
        if (data.known() && whole != data && whole.known()) {
            sparseFiles++;
            sparseResidentPages += whole.residentPages();
            sparsePages += whole.totalPages();
        }
    }

    /** A file measured; {@link Residency#UNKNOWN} (its residency cannot be known) is counted apart. */
    public void add(Residency r) {
        if (!r.known()) {
            unknownFiles++;
            return;
        }
        files++;
        filesResident += r.residentPages() > 0 ? 1 : 0;
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
        filesResident += other.filesResident;
        sparseFiles += other.sparseFiles;
        sparseResidentPages += other.sparseResidentPages;
        sparsePages += other.sparsePages;
    }

    public long sparseFiles() {
        return sparseFiles;
    }

    public long sparseResidentPages() {
        return sparseResidentPages;
    }

    public long sparsePages() {
        return sparsePages;
    }

    public long files() {
        return files;
    }

    /** Files measured with a page or more resident. */
    public long filesResident() {
        return filesResident;
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
