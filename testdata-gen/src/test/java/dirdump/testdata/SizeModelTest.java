package dirdump.testdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The size model alone: no files are written, so the flat preset's 57,000 sizes cost nothing. */
class SizeModelTest {
    private static int[] draw(SizeModel model, int n, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] sizes = new int[n];
        for (int i = 0; i < n; i++) {
            sizes[i] = model.sample(random);
        }
        Arrays.sort(sizes);
        return sizes;
    }

    private static double mean(int[] sizes) {
        return Arrays.stream(sizes).asDoubleStream().average().orElseThrow();
    }

    @Test
    void theDefaultsHaveTheOriginalSetsMeanAndMedianExactly() {
        SizeModel model = SizeModel.withMedian(100, 20_000, 4_300, 1_900);
        assertEquals(4_300, model.mean(), 0.01);
        assertEquals(1_900, StrictMath.exp(model.mu), 1e-6);
        assertEquals(model.sigma, SizeModel.DEFAULT_SIGMA);
        // Keeping that spread and solving for the same mean comes back to the same median.
        assertEquals(model.mu, SizeModel.withSigma(100, 20_000, 4_300, SizeModel.DEFAULT_SIGMA).mu, 1e-6);
    }

    @Test
    void theFlatPresetsSizesLieInBoundsWithTheMeanAndMedianAsked() {
        int[] sizes = draw(SizeModel.withSigma(100, 20_000, 4_300, SizeModel.DEFAULT_SIGMA), 57_000, 1);
        assertTrue(sizes[0] >= 100 && sizes[sizes.length - 1] <= 20_000);
        assertEquals(4_300, mean(sizes), 4_300 * 0.02);
        assertEquals(1_900, sizes[sizes.length / 2], 1_900 * 0.03);
    }

    @Test
    void aMillionDrawsConvergeOnTheModel() {
        SizeModel model = SizeModel.withMedian(100, 20_000, 4_300, 1_900);
        int[] sizes = draw(model, 1_000_000, 2);
        assertEquals(4_300, mean(sizes), 4_300 * 0.005);
        assertEquals(1_900, sizes[sizes.length / 2], 1_900 * 0.01);
        // The price of clipping: a share of files at exactly the bounds (2.6 % and 6.1 % expected).
        long atMin = Arrays.stream(sizes).filter(s -> s == 100).count();
        long atMax = Arrays.stream(sizes).filter(s -> s == 20_000).count();
        assertEquals(0.026, atMin / 1e6, 0.003);
        assertEquals(0.061, atMax / 1e6, 0.003);
    }

    @Test
    void anotherMeanAndRangeAreHitWithTheDefaultSpread() {
        SizeModel model = SizeModel.withSigma(4_096, 1 << 20, 65_536, SizeModel.DEFAULT_SIGMA);
        assertEquals(65_536, model.mean(), 0.01);
        int[] sizes = draw(model, 100_000, 3);
        assertTrue(sizes[0] >= 4_096 && sizes[sizes.length - 1] <= 1 << 20);
        assertEquals(65_536, mean(sizes), 65_536 * 0.02);
    }

    @Test
    void aMeanOutsideTheBoundsOrOutOfReachIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> SizeModel.withSigma(100, 20_000, 30_000, 1.5));
        assertThrows(IllegalArgumentException.class, () -> SizeModel.withMedian(100, 20_000, 4_300, 50));
        // Even with half the files on each bound the mean cannot pass (min + max) / 2.
        assertThrows(IllegalArgumentException.class, () -> SizeModel.withMedian(100, 20_000, 15_000, 1_900));
    }

    @Test
    void theInverseUndoesTheCdf() {
        for (double p : new double[] {1e-12, 0.001, 0.02425, 0.1, 0.5, 0.9, 0.999, 1 - 1e-9}) {
            assertEquals(p, Gaussian.cdf(Gaussian.inverse(p)), p * 1e-6 + 1e-9, "p = " + p);
        }
        assertEquals(0, Gaussian.inverse(0.5), 1e-12);
        assertEquals(1.959964, Gaussian.inverse(0.975), 1e-6);
    }
}
