package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine.TypeConversionException;

/**
 * bench --timeout on any text (UTF-8): 1 ms to 30 days in nanoseconds, or picocli's
 * TypeConversionException; a whole number of milliseconds re-printed so is the same duration.
 * mvn verify replays DurationConverterFuzzTestInputs/duration; JAZZER_FUZZ=1 fuzzes.
 */
class DurationConverterFuzzTest {
    private static final long MS = 1_000_000L;

    @FuzzTest(maxDuration = "10m")
    void duration(byte[] input) {
        Long nanos = duration(new String(input, StandardCharsets.UTF_8));
        if (nanos != null) {
            assertTrue(nanos >= MS && nanos <= 30L * 24 * 3600 * 1000 * MS);
            if (nanos % MS == 0) {
                assertEquals(nanos, duration(nanos / MS + "ms"));
            }
        }
    }

    private static Long duration(String text) {
        try {
            return new DurationConverter().convert(text);
        } catch (TypeConversionException e) {
            return null;
        }
    }
}
