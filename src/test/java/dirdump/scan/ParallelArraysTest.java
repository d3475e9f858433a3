package dirdump.scan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The walk's tables keep every row as it was added, across the growth of their columns. */
class ParallelArraysTest {
    @Test
    void filesKeepTheirDirectoryNameInodeDeviceAndLinkAcrossGrowth() {
        FoundFiles files = new FoundFiles();
        int n = 5000;  // the columns start at 1024 rows
        for (int f = 0; f < n; f++) {
            files.add(f % 7, name(f), 100 + f % 3, 1_000_000L * f, f % 5 == 0);
        }
        assertEquals(n, files.size());
        for (int f = 0; f < n; f++) {
            assertEquals(f % 7, files.dir(f));
            assertArrayEquals(name(f), files.name(f));
            assertEquals(100 + f % 3, files.dev(f));
            assertEquals(1_000_000L * f, files.ino(f));
            assertEquals(f % 5 == 0, files.followed(f));
        }
    }

    @Test
    void directoriesKeepTheirPlaceAndIdentityAcrossGrowth() {
        FoundDirectories dirs = new FoundDirectories();
        int root = dirs.add(-1, "/r".getBytes(StandardCharsets.US_ASCII), 9, 1, (byte) 0);
        int n = 1000;  // the columns start at 64 rows; each directory is in the one before it
        for (int d = 1; d < n; d++) {
            dirs.add(d - 1, name(d), 9 + d % 2, d + 1, d % 3 == 0 ? FoundDirectories.FOLLOWED : 0);
        }
        assertEquals(n, dirs.size());
        for (int d = 1; d < n; d++) {
            assertEquals(d - 1, dirs.parent(d));
            assertEquals(d, dirs.depth(d));
            assertEquals(9 + d % 2, dirs.dev(d));
            assertEquals(d + 1, dirs.ino(d));
            assertEquals(root, dirs.root(d));
            assertEquals(d % 3 == 0, dirs.followed(d));
            assertFalse(dirs.listed(d));
        }
        assertTrue(dirs.onPath(n - 1, 9, 1));
        assertFalse(dirs.onPath(n - 1, 10, 1));
        assertArrayEquals("/r/f1/f2/f3".getBytes(StandardCharsets.US_ASCII), dirs.path(3));
    }

    private static byte[] name(int i) {
        return ("f" + i).getBytes(StandardCharsets.US_ASCII);
    }
}
