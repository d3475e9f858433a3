package dirdump.outcome;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Shows a file name, which is bytes, as one line of text: valid UTF-8 stays as it is; a backslash,
 * control characters and bytes that are not UTF-8 are escaped (\\, \n, \t, \xHH), so a name with a
 * newline cannot forge a second line.
 */
public final class PathText {
    private PathText() {
    }

    public static String of(byte[] path) {
        if (plainAscii(path)) {
            return new String(path, StandardCharsets.ISO_8859_1);  // as it is: no decoder for most names
        }
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(path);
        CharBuffer chars = CharBuffer.allocate(path.length);
        StringBuilder out = new StringBuilder(path.length + 8);
        while (true) {
            CoderResult result = decoder.decode(in, chars, true);
            chars.flip();
            appendEscaped(chars, out);
            chars.clear();
            if (result.isError()) {
                for (int i = 0; i < result.length(); i++) {
                    out.append(String.format("\\x%02x", in.get() & 0xff));
                }
            } else if (result.isUnderflow()) {
                return out.toString();
            }
        }
    }

    /** Printable ASCII and no backslash: nothing to decode or escape. */
    private static boolean plainAscii(byte[] path) {
        for (byte b : path) {
            if (b < 0x20 || b > 0x7e || b == '\\') {
                return false;
            }
        }
        return true;
    }

    private static void appendEscaped(CharSequence chars, StringBuilder out) {
        for (int i = 0; i < chars.length(); i++) {
            char c = chars.charAt(i);
            if (c == '\\') {
                out.append("\\\\");
            } else if (c == '\n') {
                out.append("\\n");
            } else if (c == '\t') {
                out.append("\\t");
            } else if (Character.isISOControl(c)) {
                out.append(c < 0x80 ? String.format("\\x%02x", (int) c) : String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
    }
}
