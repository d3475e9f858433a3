package dirdump.order;

import dirdump.outcome.Keyed;

/** How the physical location of a file is found (--locate). */
public enum LocateMethod implements Keyed {
    /** FIEMAP, and FIBMAP on a file system that refuses FIEMAP. */
    AUTO,
    /** The FIEMAP ioctl: the first extent, without root. */
    FIEMAP,
    /** The FIBMAP ioctl on logical block 0: needs CAP_SYS_RAWIO. */
    FIBMAP;
}
