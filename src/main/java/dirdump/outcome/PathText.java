package dirdump.outcome;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The one escaping of text for people: a file name (bytes), a value from the command line, or a whole
 * message line, shown as one line that cannot act on a terminal. Valid UTF-8 stays as it is; control
 * characters (C0, DEL, C1: the CSI and OSC introducers too) are escaped (\n, \t, \x1b, \u009b); bytes
 * that are not UTF-8 are shown as \xHH; and the characters that reorder text on screen (the bidirectional
 * embeddings, overrides, isolates and marks, as in "Trojan Source") and the Unicode line and paragraph
 * separators as \u202e. A name with a newline cannot forge a second line, nor one with U+202E show
 * another name.
 *
 * <p>{@link #of} escapes a backslash too (\\), so that what it shows is unambiguous: each name has one
 * text and the bytes can be had back. {@link #line} escapes a whole line that may hold text no one
 * escaped (picocli's usage errors echo the value given) and leaves a backslash alone, so that a line
 * built of pieces {@link #of} escaped passes unchanged.
 */
public final class PathText {
    /** A byte that is not UTF-8, in a string decoded from the command line ({@code cli.RawArguments}). */
    private static final int SURROGATE_ESCAPE = 0xDC00;

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
            appendEscaped(chars, out, true);
            chars.clear();
            if (result.isError()) {
                for (int i = 0; i < result.length(); i++) {
                    hex(in.get() & 0xff, out);
                }
            } else if (result.isUnderflow()) {
                return out.toString();
            }
        }
    }

    /**
     * A value given on the command line (a GLOB, an option's value), escaped as a name: a byte that was
     * not UTF-8, which the command line's decoding keeps as a lone surrogate U+DC80..U+DCFF, as \xHH.
     */
    public static String of(String text) {
        return plainAscii(text) ? text : escaped(text, true);
    }

    /** A whole line for people, as {@link #of} but leaving a backslash as it is (see the class comment). */
    public static String line(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c >= 0x7f) {
                return escaped(text, false);
            }
        }
        return text;
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

    private static boolean plainAscii(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c > 0x7e || c == '\\') {
                return false;
            }
        }
        return true;
    }

    private static String escaped(CharSequence text, boolean backslash) {
        StringBuilder out = new StringBuilder(text.length() + 8);
        appendEscaped(text, out, backslash);
        return out.toString();
    }

    private static void appendEscaped(CharSequence chars, StringBuilder out, boolean backslash) {
        for (int i = 0; i < chars.length(); i++) {
            char c = chars.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < chars.length() && Character.isLowSurrogate(chars.charAt(i + 1))) {
                out.append(c).append(chars.charAt(++i));  // a character beyond U+FFFF: printable as far as we know
            } else if (c == '\\') {
                out.append(backslash ? "\\\\" : "\\");
            } else if (c == '\n') {
                out.append("\\n");
            } else if (c == '\t') {
                out.append("\\t");
            } else if (c < 0x80 && Character.isISOControl(c)) {
                hex(c, out);
            } else if (c >= SURROGATE_ESCAPE + 0x80 && c <= SURROGATE_ESCAPE + 0xff) {
                hex(c - SURROGATE_ESCAPE, out);  // a byte that was not UTF-8
            } else if (Character.isISOControl(c) || Character.isSurrogate(c) || reorders(c)) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
    }

    /**
     * The characters that change the order or the lines text is shown in: ALM, LRM, RLM, the embeddings
     * and overrides U+202A..U+202E, the isolates U+2066..U+2069, and the line and paragraph separators.
     */
    private static boolean reorders(char c) {
        return c == '\u061c' || c == '\u200e' || c == '\u200f' || c >= '\u2028' && c <= '\u202e'
                || c >= '\u2066' && c <= '\u2069';
    }

    private static void hex(int b, StringBuilder out) {
        out.append('\\').append('x').append(Character.forDigit(b >> 4, 16)).append(Character.forDigit(b & 0xf, 16));
    }
}
