package dirdump.order;

import dirdump.scan.IndexSort;

/**
 * Sorts one device's files by the first physical byte of their first extent.
 *
 * <p>A file without a known location (empty, data kept in the inode, written but not yet flushed,
 * or not locatable) keeps its inode position: it takes the key of the file before it in inode order,
 * so the stable sort reads it right after that file, wherever that file goes. Files not located
 * before the first located one are read first. Such files were most often created together with
 * their inode neighbour (same directory, same moment), and their inode is read along with it.
 */
final class PhysicalSort {
    private PhysicalSort() {
    }

    /** {@code seq[from, to)} holds one device's files in inode order; sorts them in place. */
    static void sort(int[] seq, int from, int to, Locations locations) {
        int n = to - from;
        long[] key = new long[n];
        long carried = Long.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            int f = seq[from + i];
            if (locations.known(f)) {
                carried = locations.start(f);
            }
            key[i] = carried;
        }
        int[] position = IndexSort.identity(n);
        IndexSort.sort(position, 0, n, (a, b) -> Long.compare(key[a], key[b]));  // stable: ties in inode order
        int[] sorted = new int[n];
        for (int i = 0; i < n; i++) {
            sorted[i] = seq[from + position[i]];
        }
        System.arraycopy(sorted, 0, seq, from, n);
    }
}
