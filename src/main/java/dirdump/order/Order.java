package dirdump.order;

/** The order in which the listed files are read: one order for the whole run. */
public enum Order {
    /** As the directories listed their entries (readdir order): the slow order this tool avoids. */
    NONE,
    /** By name: each directory's files in byte order, directories in a sorted depth-first walk. */
    NAME,
    /** By (device, inode): a good first approximation of where the files lie on disk. */
    INODE;

    public String key() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
