package dirdump.outcome;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Sizes are written without String.format (it cost a row of status -v microseconds): the text it gave, rounded exactly. */
class UnitsTest {
    /**
     * What String.format("%.1f") gave, but exact: printf rounded the shortest decimal form of a double,
     * which past a few PiB can lie on the other side of a half tenth than the size itself.
     */
    private static String asFormatted(long n) {
        if (n < 1024) {
            return n + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB"};
        int u = 0;
        while (u < units.length - 1 && n >= 1L << (10 * (u + 2))) {
            u++;
        }
        BigDecimal v = new BigDecimal(n).divide(new BigDecimal(1L << (10 * (u + 1))));
        return v.setScale(1, RoundingMode.HALF_UP).toPlainString() + " " + units[u];
    }

    /** Below a TiB a double holds every size exactly: there printf's text is the oracle. */
    private static String printf(long n) {
        return String.format(Locale.ROOT, "%.1f %s", n / 1024.0 / 1024 / 1024, "GiB");
    }

    @Test
    void sizesReadAsPrintfWroteThem() {
        assertEquals("1023 B", Units.bytes(1023));
        assertEquals("1.0 KiB", Units.bytes(1024));
        assertEquals("1.0 KiB", Units.bytes(1075));  // 1.0498
        assertEquals("1.1 KiB", Units.bytes(1076));  // 1.0508
        assertEquals("1.3 KiB", Units.bytes(1280));  // 1.25 exactly: half up
        assertEquals("1024.0 KiB", Units.bytes(1024 * 1024 - 1));
        assertEquals(asFormatted(Long.MAX_VALUE), Units.bytes(Long.MAX_VALUE));
        for (long n = 1L << 30; n < 1L << 40; n += 987_654_321L) {
            assertEquals(printf(n), Units.bytes(n), "for " + n);
        }
        SplittableRandom random = new SplittableRandom(1);
        for (int i = 0; i < 200_000; i++) {
            long n = random.nextLong(1L << random.nextInt(1, 63));
            assertEquals(asFormatted(n), Units.bytes(n), "for " + n);
        }
        for (long unit = 1024; unit <= 1L << 50; unit *= 1024) {
            for (long k = 1; k < 1024; k++) {  // every half-tenth boundary of the first units
                long n = unit * k / 20 + unit;
                for (long d = -1; d <= 1; d++) {
                    assertEquals(asFormatted(n + d), Units.bytes(n + d), "for " + (n + d));
                }
            }
        }
    }
}
