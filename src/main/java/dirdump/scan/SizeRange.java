package dirdump.scan;

/** --min-size and --max-size: the sizes of the files kept, both bounds included. */
public record SizeRange(long min, long max) {
    public static final SizeRange ALL = new SizeRange(0, Long.MAX_VALUE);

    public boolean contains(long size) {
        return size >= min && size <= max;
    }

    /** Keeps every size. (Not equals: a record's own is bootstrapped through method handles at its first call.) */
    public boolean keepsAll() {
        return min <= ALL.min && max >= ALL.max;
    }
}
