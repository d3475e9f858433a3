package dirdump.outcome;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dirdump.outcome.PathText;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class PathTextTest {
    private static String show(String s) {
        return PathText.of(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void plainAndUnicodeNamesAreShownAsTheyAre() {
        assertEquals("/data/caf\u00e9/\u65e5\u672c.txt", show("/data/caf\u00e9/\u65e5\u672c.txt"));
    }

    @Test
    void controlCharactersAndBackslashesAreEscaped() {
        assertEquals("a\\nb\\tc\\\\d\\x1b\\x7f", show("a\nb\tc\\d\u001b\u007f"));
    }

    @Test
    void bytesThatAreNotUtf8AreShownInHex() {
        assertEquals("x\\xffy\\xc3", PathText.of(new byte[] {'x', (byte) 0xff, 'y', (byte) 0xc3}));
        assertEquals("\\xe2\\x82", PathText.of(new byte[] {(byte) 0xe2, (byte) 0x82}));
    }
}
