package dirdump.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The default readers on a rotating disk, from what locating its files found (docs/performance.md,
 * "Readers on the emulated disk"): one where physical order reads them in one sweep, 64 where they lie
 * in pieces. The disks themselves are RotatingDiskIT's.
 */
class DefaultReadersTest {
    @Test
    void filesInOneSweepGetOneReader() {
        DefaultReaders.Choice fresh = DefaultReaders.choose(10_000, 0);
        assertEquals(1, fresh.readers());
        assertEquals("rotating disk, its files in one sweep: 0 of 10,000 located lie in more than one place; "
                + "one reader lets the disk read ahead the next file", fresh.reason());
        assertEquals(1, DefaultReaders.choose(10_000, 100).readers(), "1 % in pieces is still one sweep");
    }

    @Test
    void filesInPiecesGet64Readers() {
        DefaultReaders.Choice aged = DefaultReaders.choose(10_860, 2_914);
        assertEquals(64, aged.readers());
        assertTrue(aged.reason().startsWith("rotating disk, its files in pieces: 2,914 of 10,860 located"), aged.reason());
        assertEquals(64, DefaultReaders.choose(10_000, 101).readers(), "over 1 %");
    }
}
