package dirdump.bench;

import dirdump.cache.PageTotals;
import dirdump.outcome.Keyed;

/** How much of the files was in the page cache when a run started. */
public enum CacheState implements Keyed {
    /** At most 1 % of the pages resident: what eviction leaves, give or take a page another process read. */
    COLD,
    /** At least 99 %. */
    WARM,
    /** In between. */
    PARTLY,
    /** The runs of a variant did not all start in the same state. */
    MIXED,
    /** Not measurable: no page of a file whose residency the kernel tells. */
    UNKNOWN;

    public static CacheState of(PageTotals t) {
        if (t.pages() == 0) {
            return UNKNOWN;
        }
        if (t.residentPages() * 100 <= t.pages()) {
            return COLD;
        }
        return t.residentPages() * 100 >= t.pages() * 99 ? WARM : PARTLY;
    }
}
