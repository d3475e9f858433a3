package dirdump.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

/** The range arithmetic run --learn relies on: what became resident (after less before), and a merge. */
class ByteRangesTest {

    @Test
    void minusTakesAwayPartsThatReachIntoSeveralRangesOrLieOutsideThem() {
        // pages resident before that were evicted meanwhile, or reach across a gap: not within "after"
        assertArrayEquals(new long[] {0, 5, 25, 30}, ByteRanges.minus(new long[] {0, 10, 20, 30}, new long[] {5, 25}));
        assertArrayEquals(new long[] {10, 20}, ByteRanges.minus(new long[] {10, 20}, new long[] {0, 5, 25, 30}));
        assertArrayEquals(new long[] {12, 14, 16, 20}, ByteRanges.minus(new long[] {10, 20},
                new long[] {0, 12, 14, 16}));
        assertArrayEquals(new long[0], ByteRanges.minus(new long[] {10, 20, 30, 40}, new long[] {0, 50}));
        assertArrayEquals(new long[] {0, 4}, ByteRanges.minus(new long[] {0, 4}, new long[0]));
    }

    @Test
    void unionJoinsOverlappingAndTouchingRanges() {
        assertArrayEquals(new long[] {0, 30}, ByteRanges.union(new long[] {0, 10, 20, 30}, new long[] {10, 20}));
        assertArrayEquals(new long[] {0, 5, 8, 12, 20, 30}, ByteRanges.union(new long[] {0, 5, 20, 30},
                new long[] {8, 12, 25, 28}));
        assertArrayEquals(new long[] {1, 2}, ByteRanges.union(new long[0], new long[] {1, 2}));
    }
}
