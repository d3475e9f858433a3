package dirdump.scan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The merge sort of file indices (one buffer besides the array): sorted, stable, only within the range given. */
class IndexSortTest {
    @Test
    void sortsTheRangeStablyAsAStableSortOfBoxedIndicesDoes() {
        Random random = new Random(31);
        for (int n : new int[] {0, 1, 2, 3, 7, 64, 1000, 4097}) {
            int[] keys = random.ints(n, 0, Math.max(1, n / 4)).toArray();  // many equal keys: stability shows
            for (int[] range : new int[][] {{0, n}, {n / 3, n - n / 5}}) {
                int[] a = IndexSort.identity(n);
                IndexSort.sort(a, range[0], range[1], (x, y) -> Integer.compare(keys[x], keys[y]));
                Integer[] expected = Arrays.stream(IndexSort.identity(n)).boxed().toArray(Integer[]::new);
                Arrays.sort(expected, range[0], range[1], Comparator.comparingInt(x -> keys[x]));
                assertArrayEquals(Arrays.stream(expected).mapToInt(Integer::intValue).toArray(), a,
                        n + " indices, " + Arrays.toString(range));
            }
        }
    }
}
