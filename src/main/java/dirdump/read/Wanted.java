package dirdump.read;

import dirdump.sys.Stat;

/** Which bytes of each file a run brings in: all of it, a --range of it, or what a snapshot saved of it. */
@FunctionalInterface
public interface Wanted {
    /** Every byte, read as a whole file is (no ranges: the fewest system calls). */
    Wanted WHOLE = (path, st) -> null;

    /** The byte ranges (see ByteRanges) of the file at {@code path} as fstat found it, or null for all of it. */
    long[] ranges(byte[] path, Stat st);
}
