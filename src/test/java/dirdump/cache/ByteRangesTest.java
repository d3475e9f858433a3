package dirdump.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The byte-range type's edge cases: empty, touching, page rounding at a file's end and near 2^63, differences. */
class ByteRangesTest {
    private static final long PAGE = 4096;

    private static ByteRanges of(long... pairs) {
        return ByteRanges.ofPairs(pairs);
    }

    @Test
    void emptyRangesAreNone() {
        assertSame(ByteRanges.NONE, ByteRanges.of(5, 5), "from == to");
        assertSame(ByteRanges.NONE, ByteRanges.of(9, 5), "to before from");
        assertSame(ByteRanges.NONE, new ByteRanges.Builder().build());
        assertTrue(ByteRanges.NONE.isEmpty());
        assertEquals(0, ByteRanges.NONE.count());
        assertEquals(0, ByteRanges.NONE.length());
        assertEquals("", ByteRanges.NONE.toString());
    }

    /** A file of 0 bytes is still one range (advice over it covers a file in /proc to its end); it holds no byte. */
    @Test
    void theWholeOfAnEmptyFileIsOneRangeOfNoByte() {
        ByteRanges whole = ByteRanges.whole(0);
        assertEquals(1, whole.count());
        assertEquals(0, whole.length());
        assertEquals(ByteRanges.NONE, whole.pages(PAGE, 0), "no page");
    }

    @Test
    void theBuilderJoinsTouchingAndOverlappingRangesAndDropsEmptyOnes() {
        ByteRanges.Builder b = new ByteRanges.Builder();
        b.add(0, 10);
        b.add(10, 20);  // touching
        b.add(15, 18);  // inside
        b.add(30, 30);  // empty
        b.add(40, 50);
        for (long at = 100; at < 100 + 20 * 10; at += 10) {
            b.add(at, at + 5);  // more than the builder's first array holds
        }
        ByteRanges r = b.build();
        assertEquals(22, r.count());
        assertEquals(0, r.start(0));
        assertEquals(20, r.end(0));
        assertEquals(40, r.start(1));
        assertEquals(20 + 10 + 20 * 5, r.length());
    }

    @Test
    void pagesAreRoundedOutwardAndCutAtTheFileEnd() {
        assertEquals(of(0, 8192), of(100, 5000).pages(PAGE, 100_000));
        assertEquals(of(0, 6000), of(100, 5000).pages(PAGE, 6000), "the last page ends at the size");
        assertEquals(of(4096, 6000), of(4096, 1 << 20).pages(PAGE, 6000), "a range beyond the size is cut");
        assertEquals(of(0, 12288), of(0, 10, 4000, 4100, 8200, 8300).pages(PAGE, 1 << 20), "pages that touch joined");
    }

    /** Any user can make a sparse file of 2^63-1 bytes: no page end may overflow. */
    @Test
    void pagesNearTheLargestSizeDoNotOverflow() {
        long size = Long.MAX_VALUE;
        ByteRanges r = of(size - 10, size).pages(PAGE, size);
        assertEquals(1, r.count());
        assertEquals((size - 10) / PAGE * PAGE, r.start(0));
        assertEquals(size, r.end(0));
        assertEquals(ByteRanges.pageCount(size, PAGE), size / PAGE + 1);
    }

    @Test
    void minusLeavesWhatThePartDoesNotCover() {
        ByteRanges ranges = of(0, 100, 200, 300);
        assertEquals(of(0, 10, 20, 100, 200, 300), ranges.minus(of(10, 20)));
        assertEquals(of(0, 100, 250, 300), ranges.minus(of(200, 250)));
        assertEquals(ByteRanges.NONE, ranges.minus(ranges), "all of it");
        assertEquals(ranges, ranges.minus(ByteRanges.NONE), "none of it");
        assertEquals(ByteRanges.NONE, ByteRanges.NONE.minus(ranges));
    }

    @Test
    void pairsFromASnapshotAreCheckedAndCopied() {
        long[] pairs = {0, 10, 10, 20};  // touching: as a snapshot may hold them
        ByteRanges r = ByteRanges.ofPairs(pairs);
        pairs[1] = 99;
        assertEquals(10, r.end(0), "a copy");
        assertEquals("[0, 10) [10, 20)", r.toString());
        long[] out = r.toPairs();
        out[0] = 5;
        assertEquals(0, r.start(0), "a copy out too");
        assertThrows(IllegalArgumentException.class, () -> ByteRanges.ofPairs(new long[] {0, 10, 5}), "odd");
        assertThrows(IllegalArgumentException.class, () -> ByteRanges.ofPairs(new long[] {0, 10, 5, 20}), "overlapping");
        assertThrows(IllegalArgumentException.class, () -> ByteRanges.ofPairs(new long[] {10, 10}), "empty");
        assertThrows(IllegalArgumentException.class, () -> ByteRanges.ofPairs(new long[] {-1, 10}), "negative");
    }

    /** run --learn's arithmetic: what became resident (after less before), and a merge with an earlier snapshot. */
    @Test
    void minusTakesAwayPartsThatReachIntoSeveralRangesOrLieOutsideThem() {
        // pages resident before that were evicted meanwhile, or reach across a gap: not within "after"
        assertEquals(of(0, 5, 25, 30), of(0, 10, 20, 30).minus(of(5, 25)));
        assertEquals(of(10, 20), of(10, 20).minus(of(0, 5, 25, 30)));
        assertEquals(of(12, 14, 16, 20), of(10, 20).minus(of(0, 12, 14, 16)));
        assertEquals(ByteRanges.NONE, of(10, 20, 30, 40).minus(of(0, 50)));
    }

    @Test
    void unionJoinsOverlappingAndTouchingRanges() {
        assertEquals(of(0, 30), of(0, 10, 20, 30).union(of(10, 20)));
        assertEquals(of(0, 5, 8, 12, 20, 30), of(0, 5, 20, 30).union(of(8, 12, 25, 28)));
        assertEquals(of(1, 2), ByteRanges.NONE.union(of(1, 2)));
    }
}
