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

    /** Sorts a[from, to) in place; stable: indices that compare equal keep their order. */
    public static void sort(int[] a, int from, int to, IndexComparator cmp) {
        int n = to - from;
        if (n < 2) {
            return;
        }
        int[] src = new int[n];
        System.arraycopy(a, from, src, 0, n);
        int[] dst = new int[n];
        for (int width = 1; width < n; width *= 2) {
            for (int lo = 0; lo < n; lo += 2 * width) {
                int mid = Math.min(lo + width, n);
                int hi = Math.min(lo + 2 * width, n);
                int i = lo;
                int j = mid;
                for (int k = lo; k < hi; k++) {
                    dst[k] = (i < mid && (j >= hi || cmp.compare(src[i], src[j]) <= 0)) ? src[i++] : src[j++];
                }
            }
            int[] t = src;
            src = dst;
            dst = t;
        }
        System.arraycopy(src, 0, a, from, n);
    }
}
