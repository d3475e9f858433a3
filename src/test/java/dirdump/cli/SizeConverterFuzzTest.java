package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine.TypeConversionException;

/**
 * --buffer-size, --min-size, --max-size on any text (UTF-8): a size in range, or picocli's
 * TypeConversionException (a usage error); a size re-printed in bytes, or in KiB, is the same size,
 * and the two converters agree where both take a value. mvn verify replays
 * SizeConverterFuzzTestInputs/size; JAZZER_FUZZ=1 fuzzes.
 */
class SizeConverterFuzzTest {
    @FuzzTest(maxDuration = "10m")
    void size(byte[] input) {
        String text = new String(input, StandardCharsets.UTF_8);
        Integer buffer = buffer(text);
        Long file = file(text);
        if (buffer != null) {
            assertTrue(buffer >= 1 && buffer <= 1 << 30, text);
            assertEquals(buffer, buffer(Integer.toString(buffer)));
            assertEquals((long) buffer, file, "a buffer size is a file size");
        }
        if (file != null) {
            assertTrue(file >= 0, text);
            assertEquals(file, file(Long.toString(file)));
            if (file % 1024 == 0) {
                assertEquals(file, file(file / 1024 + "KiB"));
            }
        }
    }

    private static Integer buffer(String text) {
        try {
            return new SizeConverter().convert(text);
        } catch (TypeConversionException e) {
            return null;
        }
    }

    private static Long file(String text) {
        try {
            return new SizeConverter.FileSize().convert(text);
        } catch (TypeConversionException e) {
            return null;
        }
    }
}
