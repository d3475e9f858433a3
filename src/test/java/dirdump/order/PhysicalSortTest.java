package dirdump.order;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dirdump.scan.FoundFiles;
import org.junit.jupiter.api.Test;

/** The merge of physical and inode order, and the seek figure, on locations given by hand. */
class PhysicalSortTest {
    private static final long KIB = 1024;

    @Test
    void filesNotLocatedFollowTheFileBeforeThemInInodeOrder() {
        // Files 0..5 in inode order; 1 and 4 have no location (empty, or not written yet).
        Locations at = new Locations(6);
        at.set(0, 900 * KIB, 904 * KIB);
        at.set(2, 100 * KIB, 104 * KIB);
        at.set(3, 500 * KIB, 504 * KIB);
        at.set(5, 300 * KIB, 304 * KIB);
        int[] seq = {0, 1, 2, 3, 4, 5};
        PhysicalSort.sort(seq, 0, 6, at);
        assertArrayEquals(new int[] {2, 5, 3, 4, 0, 1}, seq);
    }

    @Test
    void filesNotLocatedBeforeTheFirstLocatedOneComeFirstAndTheRangeIsRespected() {
        Locations at = new Locations(5);
        at.set(3, 50, 60);
        at.set(4, 10, 20);
        int[] seq = {9, 1, 2, 3, 4};  // position 0 belongs to another device and stays
        PhysicalSort.sort(seq, 1, 5, at);
        assertArrayEquals(new int[] {9, 1, 2, 4, 3}, seq);
    }

    @Test
    void seekDistanceSumsTheJumpsFromEachExtentsEndToTheNextStartPerDevice() {
        FoundFiles files = new FoundFiles();
        for (int i = 0; i < 5; i++) {
            files.add(0, new byte[] {'f'}, i < 4 ? 1 : 2, i, false);
        }
        Locations at = new Locations(5);
        at.set(0, 0, 4 * KIB);
        at.set(1, 8 * KIB, 12 * KIB);
        at.set(2, 4 * KIB, 8 * KIB);
        at.set(4, 1000 * KIB, 1004 * KIB);  // file 3 not located; file 4 on another device
        assertEquals(0, SeekDistance.jumps(new int[] {0, 2, 1, 3, 4}, at, files), "contiguous: no seek");
        // 0 ends at 4K; 1 starts at 8K (4K); 1 ends at 12K, 2 starts at 4K (8K); device 2 has its own head.
        assertEquals(12 * KIB, SeekDistance.jumps(new int[] {0, 4, 1, 3, 2}, at, files));
        SeekDistance d = SeekDistance.of(new int[] {0, 2, 1, 3, 4}, new int[] {0, 1, 2, 3, 4}, at, files);
        assertEquals(4, d.filesLocated());
        assertEquals(5, d.files());
        assertEquals(12.0 / 1024, d.directoryOrderMib(), 1e-9);
    }
}
