package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine.TypeConversionException;

/**
 * --bwlimit on any text (UTF-8): 1 byte/s to 1 PiB/s, or picocli's TypeConversionException; a rate
 * re-printed as bytes/s is the same rate. mvn verify replays RateConverterFuzzTestInputs/rate;
 * JAZZER_FUZZ=1 fuzzes.
 */
class RateConverterFuzzTest {
    @FuzzTest(maxDuration = "10m")
    void rate(byte[] input) {
        Long rate = rate(new String(input, StandardCharsets.UTF_8));
        if (rate != null) {
            assertTrue(rate >= 1 && rate <= 1L << 50);
            assertEquals(rate, rate(rate + "/s"));
        }
    }

    private static Long rate(String text) {
        try {
            return new RateConverter().convert(text);
        } catch (TypeConversionException e) {
            return null;
        }
    }
}
