package dirdump.cache;

import dirdump.sys.Residency;

/**
 * Residency of the files a run worked on, before and after it, for the read and evict summaries
 * (which {@code report.ResidencySection} shows). One per reader, merged at the end.
 */
public final class ResidencyChange {
    private final PageTotals before = new PageTotals();
    private final PageTotals after = new PageTotals();

    /** One file; either may be {@link Residency#UNKNOWN}, and then the file counts as unknown in both. */
    public void add(Residency then, Residency now) {
        boolean known = then.known() && now.known();
        before.add(known ? then : Residency.UNKNOWN);
        after.add(known ? now : Residency.UNKNOWN);
    }

    public void add(ResidencyChange other) {
        before.add(other.before);
        after.add(other.after);
    }

    public PageTotals before() {
        return before;
    }

    public PageTotals after() {
        return after;
    }
}
