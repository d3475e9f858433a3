package dirdump.order;

import java.util.Arrays;

/**
 * Where each file's first extent lies on its device, in two arrays aligned with the file indices
 * (16 bytes a file): its first byte and the byte after it, or -1 where it is not known.
 */
public final class Locations {
    private static final long UNKNOWN = -1;
    private final long[] start;
    private final long[] end;

    Locations(int files) {
        start = new long[files];
        end = new long[files];
        Arrays.fill(start, UNKNOWN);
        Arrays.fill(end, UNKNOWN);
    }

    void set(int f, long firstByte, long endByte) {
        start[f] = firstByte;
        end[f] = endByte;
    }

    public boolean known(int f) {
        return start[f] != UNKNOWN;
    }

    /** The first physical byte, or -1 if not known. */
    public long start(int f) {
        return start[f];
    }

    /** The byte after the first extent, or -1 if not known. */
    public long end(int f) {
        return end[f];
    }
}
