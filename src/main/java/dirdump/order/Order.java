package dirdump.order;

import dirdump.outcome.Keyed;

/** The order in which the listed files are read. */
public enum Order implements Keyed {
    /** As the directories listed their entries (readdir order): the slow order this tool avoids. */
    NONE,
    /** By name: each directory's files in byte order, directories in a sorted depth-first walk. */
    NAME,
    /** By (device, inode): a good first approximation of where the files lie on disk. */
    INODE,
    /** By the physical byte of each file's first extent, device by device: where the files really lie. */
    PHYSICAL,
    /** Chosen for each device by {@link AutoOrder}: physical, inode or none. */
    AUTO;
}
