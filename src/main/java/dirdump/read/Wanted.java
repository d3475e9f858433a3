package dirdump.read;

import dirdump.cache.ByteRanges;
import dirdump.sys.Stat;

/** Which bytes of each file a run brings in: all of it, a --range of it, or what a snapshot saved of it. */
@FunctionalInterface
public interface Wanted {
    /**
     * Every byte: a reader reads such a file to its end as read(2) finds it (no ranges: the fewest system
     * calls; a file in /proc of size 0 up to a buffer), and never asks for its ranges.
     */
    Wanted WHOLE = (path, st) -> ByteRanges.whole(st.size);

    /** The byte ranges of the file at {@code path} as fstat found it. */
    ByteRanges ranges(byte[] path, Stat st);
}
