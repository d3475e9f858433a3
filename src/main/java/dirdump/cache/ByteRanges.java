package dirdump.cache;

import java.util.Arrays;

/**
 * Ranges of a file's bytes: each from a start to an end (exclusive), in order, not overlapping. One
 * object and one array for all the ranges of a file, not an object a range: a snapshot of 57,000 files
 * holds many, and a read works out some for each file. Immutable.
 */
public final class ByteRanges {
    /** No byte at all. */
    public static final ByteRanges NONE = new ByteRanges(new long[0]);

    /** start, end, start, end...: as the Builder made them, or as checked by {@link #ofPairs}. */
    private final long[] bounds;

    private ByteRanges(long[] bounds) {
        this.bounds = bounds;
    }

    /** The whole of a file of {@code size} bytes, also when it is 0 (a file in /proc: advice to its end). */
    public static ByteRanges whole(long size) {
        return new ByteRanges(new long[] {0, size});
    }

    /** The bytes from {@code from} to {@code to}; none if {@code to <= from}. */
    public static ByteRanges of(long from, long to) {
        return from < to ? new ByteRanges(new long[] {from, to}) : NONE;
    }

    /**
     * Ranges given as pairs of start and end (a snapshot's record, read and checked by Snapshot); refused
     * unless in order, not overlapping and not empty.
     */
    public static ByteRanges ofPairs(long[] pairs) {
        if (pairs.length % 2 != 0) {
            throw new IllegalArgumentException("an odd number of bounds: " + pairs.length);
        }
        for (int i = 0; i < pairs.length; i += 2) {
            if (pairs[i] < 0 || pairs[i + 1] <= pairs[i] || (i > 0 && pairs[i] < pairs[i - 1])) {
                throw new IllegalArgumentException("not ranges in order: " + Arrays.toString(pairs));
            }
        }
        return new ByteRanges(pairs.clone());
    }

    /** How many ranges. */
    public int count() {
        return bounds.length / 2;
    }

    public boolean isEmpty() {
        return bounds.length == 0;
    }

    /** Where range {@code i} starts. */
    public long start(int i) {
        return bounds[2 * i];
    }

    /** Where range {@code i} ends (exclusive). */
    public long end(int i) {
        return bounds[2 * i + 1];
    }

    /** The bytes the ranges cover. */
    public long length() {
        long n = 0;
        for (int i = 0; i < bounds.length; i += 2) {
            n += bounds[i + 1] - bounds[i];
        }
        return n;
    }

    /** As pairs of start and end (a copy): a snapshot's record. */
    public long[] toPairs() {
        return bounds.clone();
    }

    /**
     * The ranges grown to whole pages of {@code pageSize} and cut at {@code size}, where a file's pages
     * end: the page cache holds pages, and cachestat measures from a page's start.
     */
    public ByteRanges pages(long pageSize, long size) {
        Builder b = new Builder();
        for (int i = 0; i < bounds.length; i += 2) {
            long end = Math.min(bounds[i + 1], size);
            b.add(bounds[i] / pageSize * pageSize, pageEnd(end, pageSize, size));
        }
        return b.build();
    }

    /** How many pages {@code bytes} take: no overflow for a sparse file of 2^63-1 bytes, which any user can make. */
    public static long pageCount(long bytes, long pageSize) {
        return bytes / pageSize + (bytes % pageSize == 0 ? 0 : 1);
    }

    /** {@code end} (at most {@code size}) rounded up to a page's end, at most {@code size}: no overflow near 2^63. */
    static long pageEnd(long end, long pageSize, long size) {
        long start = end / pageSize * pageSize;
        if (start == end) {
            return end;
        }
        return size - start <= pageSize ? size : start + pageSize;
    }

    /** The parts of these ranges that {@code part} (any ranges: within them or not) does not cover. */
    public ByteRanges minus(ByteRanges part) {
        long[] p = part.bounds;
        Builder b = new Builder();
        int j = 0;
        for (int i = 0; i < bounds.length; i += 2) {
            long from = bounds[i];
            long to = bounds[i + 1];
            while (j < p.length && p[j + 1] <= from) {
                j += 2;  // wholly before this range, so before the next ones too
            }
            // A part may reach over several of these ranges: k starts again at j for the next one.
            for (int k = j; k < p.length && p[k] < to; k += 2) {
                b.add(from, Math.min(p[k], to));
                from = Math.max(from, p[k + 1]);
            }
            b.add(from, to);
        }
        return b.build();
    }

    /** The bytes either these ranges or {@code other} cover. */
    public ByteRanges union(ByteRanges other) {
        long[] a = bounds;
        long[] o = other.bounds;
        Builder u = new Builder();
        for (int i = 0, j = 0; i < a.length || j < o.length; ) {
            if (j >= o.length || (i < a.length && a[i] <= o[j])) {
                u.add(a[i], a[i + 1]);
                i += 2;
            } else {
                u.add(o[j], o[j + 1]);
                j += 2;
            }
        }
        return u.build();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ByteRanges other && Arrays.equals(bounds, other.bounds);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bounds);
    }

    /** As {@code [0, 4096) [8192, 9000)}. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < bounds.length; i += 2) {
            s.append(i == 0 ? "" : " ").append('[').append(bounds[i]).append(", ").append(bounds[i + 1]).append(')');
        }
        return s.toString();
    }

    /** Collects ranges in order, joining those that touch and leaving out empty ones. */
    public static final class Builder {
        private long[] ranges = new long[8];
        private int n;

        public void add(long from, long to) {
            if (to <= from) {
                return;
            }
            if (n > 0 && ranges[n - 1] >= from) {
                ranges[n - 1] = Math.max(ranges[n - 1], to);
                return;
            }
            if (n == ranges.length) {
                ranges = Arrays.copyOf(ranges, n * 2);
            }
            ranges[n++] = from;
            ranges[n++] = to;
        }

        public ByteRanges build() {
            return n == 0 ? NONE : new ByteRanges(Arrays.copyOf(ranges, n));
        }
    }
}
