package dirdump.testdata;

import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;

/**
 * File sizes: log-normal (file sizes are roughly log-normal), clipped to [min, max]: a size drawn
 * outside is set to the nearer bound. Clipped rather than drawn again because a log-normal cut off at
 * the bounds cannot have the original set's mean and median at once: with a median of 1,900 B in
 * [100 B, 20,000 B] its mean stays below 4,200 B however wide it is. Clipping keeps the median at
 * e^mu and lets sigma set the mean, at the price of a share of files at exactly min and max.
 */
final class SizeModel {
    /** The original experiment's set: 100 B to 20 KB, mean about 4.3 KB, median about 1.9 KB. */
    static final int DEFAULT_MIN = 100;
    static final int DEFAULT_MAX = 20_000;
    static final int DEFAULT_MEAN = 4_300;
    static final int DEFAULT_MEDIAN = 1_900;
    /** The shape kept when only a mean is asked for: that of the original set. */
    static final double DEFAULT_SIGMA =
            withMedian(DEFAULT_MIN, DEFAULT_MAX, DEFAULT_MEAN, DEFAULT_MEDIAN).sigma;
    /** Wide enough to put nearly half the files on each bound; e^(sigma^2/2) still fits in a double. */
    private static final double MAX_SIGMA = 20;

    final int min;
    final int max;
    final double mu;
    final double sigma;

    private SizeModel(int min, int max, double mu, double sigma) {
        this.min = min;
        this.max = max;
        this.mu = mu;
        this.sigma = sigma;
    }

    /** The model with this median and mean: mu from the median, sigma solved for the mean. */
    static SizeModel withMedian(int min, int max, int mean, int median) {
        checkBetween("--median", median, min, max);
        checkBetween("--mean", mean, min, max);
        double mu = StrictMath.log(median);
        double sigma = solve(s -> mean(min, max, mu, s), 1e-9, MAX_SIGMA, mean, String.format(Locale.ROOT,
                "no log-normal with median %d clipped to [%d, %d] has a mean of %d", median, min, max, mean));
        return new SizeModel(min, max, mu, sigma);
    }

    /** The model with this mean and spread: mu solved for the mean (always possible between the bounds). */
    static SizeModel withSigma(int min, int max, int mean, double sigma) {
        checkBetween("--mean", mean, min, max);
        double low = StrictMath.log(Math.max(min, 1)) - 10 * sigma - 10;
        double high = StrictMath.log(max) + 10 * sigma + 10;
        double mu = solve(m -> mean(min, max, m, sigma), low, high, mean, "no mean of " + mean);
        return new SizeModel(min, max, mu, sigma);
    }

    /** One size; consumes exactly one long of {@code random}. */
    int sample(SplittableRandom random) {
        double u = ((random.nextLong() >>> 11) + 0.5) * 0x1.0p-53;  // in (0, 1): both ends excluded
        long size = Math.round(StrictMath.exp(mu + sigma * Gaussian.inverse(u)));
        return (int) Math.max(min, Math.min(max, size));
    }

    /** The expected size. */
    double mean() {
        return mean(min, max, mu, sigma);
    }

    /** E[clip(X, a, b)] for X log-normal(mu, sigma): the mass below a at a, above b at b, the middle as is. */
    private static double mean(double a, double b, double mu, double sigma) {
        double alpha = (StrictMath.log(a) - mu) / sigma;
        double beta = (StrictMath.log(b) - mu) / sigma;
        double middle = StrictMath.exp(mu + sigma * sigma / 2)
                * (Gaussian.cdf(beta - sigma) - Gaussian.cdf(alpha - sigma));
        return a * Gaussian.cdf(alpha) + middle + b * (1 - Gaussian.cdf(beta));
    }

    /** Bisection for f(x) = target on [low, high], where f(low) and f(high) lie on either side of it. */
    private static double solve(DoubleUnaryOperator f, double low, double high, double target, String impossible) {
        double signLow = Math.signum(f.applyAsDouble(low) - target);
        if (signLow * Math.signum(f.applyAsDouble(high) - target) > 0) {
            throw new IllegalArgumentException(impossible);
        }
        for (int i = 0; i < 200 && high - low > 1e-12; i++) {
            double mid = (low + high) / 2;
            if (Math.signum(f.applyAsDouble(mid) - target) == signLow) {
                low = mid;
            } else {
                high = mid;
            }
        }
        return (low + high) / 2;
    }

    private static void checkBetween(String what, int value, int min, int max) {
        if (value <= min || value >= max) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "%s (%d) must lie strictly between --min-size (%d) and --max-size (%d)", what, value, min, max));
        }
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "log-normal, median %,.0f B, sigma %.3f, clipped to [%,d B, %,d B]",
                StrictMath.exp(mu), sigma, min, max);
    }
}
