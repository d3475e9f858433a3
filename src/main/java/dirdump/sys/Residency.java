package dirdump.sys;

/**
 * How many of a file's pages are in the page cache, and the page size they are counted in; or
 * {@link #UNKNOWN}, where that cannot be measured truthfully. Ask {@link #known()} before its figures.
 */
public record Residency(long residentPages, long totalPages, int pageSize) {
    /**
     * Not measurable (cachestat refused, or no true method here): no page size, as no measurement gave
     * one, and no pages. One object, so that a file of unknown residency costs none of its own.
     */
    public static final Residency UNKNOWN = new Residency(0, 0, 0);

    /** Never more resident than there are pages: a file truncated while it is measured keeps a true figure. */
    public Residency {
        residentPages = Math.min(residentPages, totalPages);
    }

    /** Whether it was measured: every measurement has a page size, {@link #UNKNOWN} none. */
    public boolean known() {
        return pageSize > 0;
    }

    /** The sum of two ranges of one file; {@link #UNKNOWN} if either is. */
    public Residency plus(Residency other) {
        if (!known() || !other.known()) {
            return UNKNOWN;
        }
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
