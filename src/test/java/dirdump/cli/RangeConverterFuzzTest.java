package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dirdump.read.FileRange;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine.TypeConversionException;

/**
 * --range on any text (UTF-8): a range that reads something, or picocli's TypeConversionException;
 * a range re-printed in bytes is the same range. mvn verify replays RangeConverterFuzzTestInputs/range;
 * JAZZER_FUZZ=1 fuzzes.
 */
class RangeConverterFuzzTest {
    @FuzzTest(maxDuration = "10m")
    void range(byte[] input) {
        FileRange range = range(new String(input, StandardCharsets.UTF_8));
        if (range == null) {
            return;
        }
        if (range.fromEnd()) {
            assertEquals(0, range.start());
            assertTrue(range.end() >= 0);
            if (range.end() > 0) {
                assertEquals(range, range("-" + range.end()));
            }
        } else {
            assertTrue(range.start() >= 0 && range.start() < range.end());
            assertEquals(range, range(range.start() + "-" + (range.end() == Long.MAX_VALUE ? "" : range.end())));
        }
    }

    private static FileRange range(String text) {
        try {
            return new RangeConverter().convert(text);
        } catch (TypeConversionException e) {
            return null;
        }
    }
}
