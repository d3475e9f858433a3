package dirdump.read;

import dirdump.cache.ByteRanges;

/**
 * The part of every file a run reads (--range, as vmtouch -p): from byte {@code start} to byte
 * {@code end} (exclusive; Long.MAX_VALUE: the end of the file), or with {@code fromEnd} the last
 * {@code end} bytes.
 */
public record FileRange(long start, long end, boolean fromEnd) {
    /** The range in a file of {@code size} bytes: none if it lies beyond. */
    public ByteRanges in(long size) {
        long from = fromEnd ? Math.max(0, size - end) : Math.min(start, size);
        long to = fromEnd ? size : Math.min(end, size);
        return ByteRanges.of(from, to);
    }

    /** Its length in a file of {@code size} bytes. */
    public long length(long size) {
        return in(size).length();
    }
}
