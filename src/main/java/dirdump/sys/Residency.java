package dirdump.sys;

/** How many of a file's pages are in the page cache, and the page size they are counted in. */
public record Residency(long residentPages, long totalPages, int pageSize) {
    /** Never more resident than there are pages: a file truncated while it is measured keeps a true figure. */
    public Residency {
        residentPages = Math.min(residentPages, totalPages);
    }

    /** The sum of two ranges of one file. */
    public Residency plus(Residency other) {
        return new Residency(residentPages + other.residentPages, totalPages + other.totalPages, pageSize);
    }

    /** Resident pages times the page size, as fincore(1) counts them. */
    public long residentBytes() {
        return residentPages * pageSize;
    }

    /**
     * Every page resident. An empty file is not: a file in /proc reports size 0 and still has
     * contents, so 0 of 0 pages says nothing about it.
     */
    public boolean allResident() {
        return totalPages > 0 && residentPages >= totalPages;
    }
}
