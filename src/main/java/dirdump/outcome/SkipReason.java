package dirdump.outcome;

import dirdump.sys.FileType;

/**
 * Why a listed entry was not read: skipped by its kind or state, or filtered, left out on purpose by an
 * option ({@link #byFilter}), which is counted apart. The key names the count in --json.
 */
public enum SkipReason {
    SYMLINK("symlink", "symbolic link"),
    FIFO("fifo", "FIFO"),
    SOCKET("socket", "socket"),
    DEVICE("device", "device file"),
    DUPLICATE("duplicate", "already listed (hard link or second path)"),
    OTHER_FILE_SYSTEM("other_file_system", "on another file system"),
    LOOP("loop", "symbolic link loop"),
    /** On proc, sysfs and the like: made up by the kernel on each read, with no page cache to warm. */
    PSEUDO_FILE_SYSTEM("pseudo_file_system", "pseudo file system"),
    /** Every page of the file was in the page cache already, so reading it would change nothing. */
    ALREADY_CACHED("already_cached", "already cached"),

    /** A directory named in a --files-from list: not walked (find lists directories and their files). */
    LISTED_DIRECTORY("directory", "directory in the list"),

    /** A file a --replay snapshot names that no longer exists: deleted since, which is no failure of the warm-up. */
    GONE("gone", "no longer exists"),

    /** A directory not walked for --max-depth: what is in it lies deeper (a directory PATH with 0). */
    DEPTH("depth", "--max-depth", true),
    /** Filtered by --include/--exclude. */
    PATTERN("pattern", "--include/--exclude", true),
    /** Filtered by --min-size/--max-size. */
    SIZE("size", "--min-size/--max-size", true);

    public final String key;
    public final String text;
    /** Left out by the user's filters, not skipped: the summary's "filtered" counts. */
    public final boolean byFilter;

    SkipReason(String key, String text) {
        this(key, text, false);
    }

    SkipReason(String key, String text, boolean byFilter) {
        this.key = key;
        this.text = text;
        this.byFilter = byFilter;
    }

    /** The reason to skip an entry of this type, or null for the types that are read or walked. */
    public static SkipReason forType(FileType type) {
        switch (type) {
            case SYMLINK: return SYMLINK;
            case FIFO: return FIFO;
            case SOCKET: return SOCKET;
            case CHAR_DEVICE:
            case BLOCK_DEVICE: return DEVICE;
            default: return null;
        }
    }
}
