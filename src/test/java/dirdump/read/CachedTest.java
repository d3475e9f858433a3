package dirdump.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dirdump.cache.ByteRanges;
import dirdump.sys.Residency;
import org.junit.jupiter.api.Test;

/** How a file's residency decides what a reader does with it, at the edges; and a --range in a file. */
class CachedTest {
    @Test
    void residencyIsOneOfFourOutcomes() {
        assertEquals(Cached.UNKNOWN, Cached.of(Residency.UNKNOWN), "not measurable");
        assertEquals(Cached.NONE, Cached.of(new Residency(0, 0, 4096)), "an empty file (or one in /proc) has no page");
        assertEquals(Cached.NONE, Cached.of(new Residency(0, 3, 4096)));
        assertEquals(Cached.PART, Cached.of(new Residency(1, 3, 4096)));
        assertEquals(Cached.ALL, Cached.of(new Residency(3, 3, 4096)));
        assertEquals(Cached.ALL, Cached.of(new Residency(5, 3, 4096)), "truncated while measured: never above its pages");
    }

    @Test
    void aRangeInAFileIsCutAtItsEnd() {
        assertEquals(ByteRanges.of(10, 20), new FileRange(10, 20, false).in(100));
        assertEquals(ByteRanges.of(10, 15), new FileRange(10, 20, false).in(15));
        assertEquals(ByteRanges.NONE, new FileRange(200, 300, false).in(100), "beyond its end");
        assertEquals(ByteRanges.of(10, 100), new FileRange(10, Long.MAX_VALUE, false).in(100), "to its end");
        assertEquals(ByteRanges.of(70, 100), new FileRange(0, 30, true).in(100), "its last 30 bytes");
        assertEquals(ByteRanges.of(0, 20), new FileRange(0, 30, true).in(20), "more than it has");
        assertEquals(0, new FileRange(0, 30, true).length(0));
    }
}
