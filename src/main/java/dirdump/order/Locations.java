package dirdump.order;

import java.util.Arrays;

/**
 * Where each file's first extent lies on its device, in two arrays aligned with the file indices
 * (16 bytes a file, made at the first file located: runs that locate nothing do not pay them): its
 * first byte and the byte after it, or -1 where it is not known.
 */
public final class Locations {
    private static final long UNKNOWN = -1;
    private final int files;
    private long[] start;
    private long[] end;

    Locations(int files) {
        this.files = files;
    }

    /** A copy, to which a later pass adds what it finds without changing what the order handed on. */
    Locations copy() {
        Locations copy = new Locations(files);
        if (start != null) {
            copy.start = start.clone();
            copy.end = end.clone();
        }
        return copy;
    }

    void set(int f, long firstByte, long endByte) {
        if (start == null) {
            start = new long[files];
            end = new long[files];
            Arrays.fill(start, UNKNOWN);
            Arrays.fill(end, UNKNOWN);
        }
        start[f] = firstByte;
        end[f] = endByte;
    }

    public boolean known(int f) {
        return start != null && start[f] != UNKNOWN;
    }

    /** The first physical byte, or -1 if not known. */
    public long start(int f) {
        return start == null ? UNKNOWN : start[f];
    }

    /** The byte after the first extent, or -1 if not known. */
    public long end(int f) {
        return end == null ? UNKNOWN : end[f];
    }
}
