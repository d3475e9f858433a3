package dirdump.outcome;

import static org.junit.jupiter.api.Assertions.assertEquals;

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

    @Test
    void c1ControlsAndTheOscIntroducerAreEscaped() {
        assertEquals("\\u009d0;t\\x07\\u009b31m\\u0085", show("\u009d0;t\u0007\u009b31m\u0085"));
        assertEquals("\\x9d", PathText.of(new byte[] {(byte) 0x9d}), "a lone C1 byte is no UTF-8");
    }

    @Test
    void charactersThatReorderTextAreEscaped() {
        assertEquals("invoice\\u202efdp.exe", show("invoice\u202efdp.exe"));
        assertEquals("\\u202a\\u202b\\u202c\\u202d\\u2066\\u2067\\u2068\\u2069\\u200e\\u200f\\u061c\\u2028\\u2029",
                show("\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069\u200e\u200f\u061c\u2028\u2029"));
        assertEquals("\u05e9\u05dc\u05d5\u05dd \u200d\ud83d\ude00", show("\u05e9\u05dc\u05d5\u05dd \u200d\ud83d\ude00"),
                "right-to-left letters, joiners and characters beyond U+FFFF are text");
    }

    @Test
    void aCommandLineValueShowsItsBytesThatAreNotUtf8AsHex() {
        // cli.RawArguments keeps a byte that is not UTF-8 as the lone surrogate U+DC00 + the byte.
        assertEquals("\\xff*\\x1b]0;x\\x07 a\\\\b", PathText.of("\udcff*\u001b]0;x\u0007 a\\b"));
        assertEquals("*.c", PathText.of("*.c"));
        assertEquals("\\ud800", PathText.of("\ud800"), "another lone surrogate");
    }

    @Test
    void aWholeLineKeepsItsBackslashesSoThatEscapedPiecesPassUnchanged() {
        String piece = PathText.of("a\\b\u001b\udcfe");
        assertEquals("a\\\\b\\x1b\\xfe", piece);
        assertEquals("dirdump: " + piece + ": x", PathText.line("dirdump: " + piece + ": x"));
        assertEquals("dirdump: '\\x1b[2J\\u202e\\xff' is not a size", PathText.line("dirdump: '\u001b[2J\u202e\udcff' is not a size"));
        assertEquals("plain line", PathText.line("plain line"));
    }
}
