package dirdump.sys;

/** How many of a file's pages are in the page cache, and the page size they are counted in. */
public record Residency(long residentPages, long totalPages, long dirtyPages, int pageSize) {
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
