package dirdump.scan;

/** Sorts an array of indices by a comparator on the indices, without boxing: a merge sort. */
public final class IndexSort {
    @FunctionalInterface
    public interface IndexComparator {
        int compare(int a, int b);
    }

    private IndexSort() {
    }

    /** The indices 0 to n - 1, in order. */
    public static int[] identity(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        return a;
    }

    /**
     * Sorts a[from, to) in place; stable: indices that compare equal keep their order. The runs are merged
     * back and forth between a and one buffer: n ints besides a (two buffers cost 4 bytes a file more at the
     * walk's end, where a tree's memory peaks).
     */
    public static void sort(int[] a, int from, int to, IndexComparator cmp) {
        int n = to - from;
        if (n < 2) {
            return;
        }
        int[] buffer = new int[n];
        boolean inBuffer = false;
        for (int width = 1; width < n; width *= 2) {
            int[] src = inBuffer ? buffer : a;
            int[] dst = inBuffer ? a : buffer;
            int s = inBuffer ? 0 : from;
            int d = inBuffer ? from : 0;
            for (int lo = 0; lo < n; lo += 2 * width) {
                int mid = Math.min(lo + width, n);
                int hi = Math.min(lo + 2 * width, n);
                int i = s + lo;
                int j = s + mid;
                int iEnd = s + mid;
                int jEnd = s + hi;
                for (int k = d + lo; k < d + hi; k++) {
                    dst[k] = (i < iEnd && (j >= jEnd || cmp.compare(src[i], src[j]) <= 0)) ? src[i++] : src[j++];
                }
            }
            inBuffer = !inBuffer;
        }
        if (inBuffer) {
            System.arraycopy(buffer, 0, a, from, n);
        }
    }
}
