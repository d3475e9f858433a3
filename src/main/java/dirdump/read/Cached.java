package dirdump.read;

import dirdump.sys.Residency;

/** How much of a file the page cache held when a reader opened it: what decides what is read of it. */
enum Cached {
    /** Not measurable here (cachestat refused or missing): read as asked. */
    UNKNOWN,
    /** No page (an empty file too): read as asked, with nothing to work out. */
    NONE,
    /** Some pages: only the ranges missing are read. */
    PART,
    /** Every page: left alone, once its pages are found readable. */
    ALL;

    /** As cachestat measured it; {@link Residency#UNKNOWN} is UNKNOWN. */
    static Cached of(Residency measured) {
        if (!measured.known()) {
            return UNKNOWN;
        }
        return measured.allResident() ? ALL : measured.residentPages() == 0 ? NONE : PART;
    }
}
