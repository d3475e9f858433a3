package dirdump.cache;

import java.util.Arrays;

/**
 * Ranges of a file's bytes as one {@code long[]}: start, end, start, end..., in order, not
 * overlapping, each end exclusive. No object a range: a snapshot of 57,000 files holds many.
 */
public final class ByteRanges {
    /** The whole of a file of {@code size} bytes. */
    public static long[] whole(long size) {
        return new long[] {0, size};
    }

    private ByteRanges() {
    }

    /** The bytes the ranges cover. */
    public static long length(long[] ranges) {
        long n = 0;
        for (int i = 0; i < ranges.length; i += 2) {
            n += ranges[i + 1] - ranges[i];
        }
        return n;
    }

    /**
     * The ranges grown to whole pages of {@code pageSize} and cut at {@code size}, where a file's pages
     * end: the page cache holds pages, and cachestat measures from a page's start.
     */
    public static long[] pages(long[] ranges, long pageSize, long size) {
        Builder b = new Builder();
        for (int i = 0; i < ranges.length; i += 2) {
            long end = Math.min(ranges[i + 1], size);
            b.add(ranges[i] / pageSize * pageSize, pageEnd(end, pageSize, size));
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

    /** The parts of {@code ranges} that {@code part} (any ranges: within them or not) does not cover. */
    public static long[] minus(long[] ranges, long[] part) {
        Builder b = new Builder();
        int j = 0;
        for (int i = 0; i < ranges.length; i += 2) {
            long from = ranges[i];
            long to = ranges[i + 1];
            while (j < part.length && part[j + 1] <= from) {
                j += 2;  // wholly before this range, so before the next ones too
            }
            for (int k = j; k < part.length && part[k] < to; k += 2) {
                b.add(from, Math.min(part[k], to));
                from = Math.max(from, part[k + 1]);
            }
            b.add(from, to);
        }
        return b.build();
    }

    /** The bytes either of two lists of ranges covers. */
    public static long[] union(long[] a, long[] b) {
        Builder u = new Builder();
        for (int i = 0, j = 0; i < a.length || j < b.length; ) {
            if (j >= b.length || (i < a.length && a[i] <= b[j])) {
                u.add(a[i], a[i + 1]);
                i += 2;
            } else {
                u.add(b[j], b[j + 1]);
                j += 2;
            }
        }
        return u.build();
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

        public long[] build() {
            return Arrays.copyOf(ranges, n);
        }
    }
}
