package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

class SizeConverterTest {
    private final SizeConverter sizes = new SizeConverter();

    @Test
    void suffixesArePowersOf1024() {
        assertEquals(65536, sizes.convert("65536"));
        assertEquals(65536, sizes.convert("64k"));
        assertEquals(65536, sizes.convert("64K"));
        assertEquals(65536, sizes.convert("64KiB"));
        assertEquals(65536, sizes.convert("64kb"));
        assertEquals(1 << 20, sizes.convert("1M"));
        assertEquals(1 << 20, sizes.convert("1MiB"));
        assertEquals(1 << 30, sizes.convert("1G"));
    }

    @Test
    void nonsenseAndOutOfRangeAreRefused() {
        for (String bad : new String[] {"", "k", "1.5M", "-1", "0", "2G", "1T", "99999999999999999999"}) {
            assertThrows(TypeConversionException.class, () -> sizes.convert(bad), bad);
        }
    }

    @Test
    void fileSizesStartAtZeroAndGoBeyondABuffer() {
        SizeConverter.FileSize files = new SizeConverter.FileSize();
        assertEquals(0L, files.convert("0"));
        assertEquals(5L << 40, files.convert("5T"));
        assertEquals(3L << 30, files.convert("3GiB"));
        for (String bad : new String[] {"", "-1", "1.5M", "99999999999999999999", "8388608T"}) {
            assertThrows(TypeConversionException.class, () -> files.convert(bad), bad);
        }
    }
}
