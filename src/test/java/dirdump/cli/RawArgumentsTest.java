package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The arguments main got, matched against the bytes of /proc/self/cmdline as the kernel holds them
 * (NUL-terminated entries, java's own first). The launcher tests run this on the real command line.
 */
class RawArgumentsTest {
    private static final byte[] CAFE = {'c', 'a', 'f', (byte) 0xc3, (byte) 0xa9};
    private static final byte[] BAD = {'b', 'a', 'd', (byte) 0xff, (byte) 0x80};

    private static byte[] cmdline(byte[]... argv) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] arg : argv) {
            out.writeBytes(arg);
            out.write(0);
        }
        return out.toByteArray();
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** What main gets: argv decoded as the JVM decodes it, with U+FFFD for what it cannot. */
    private static String[] asTheJvmDecodes(Charset jvm, byte[]... args) {
        String[] out = new String[args.length];
        for (int i = 0; i < args.length; i++) {
            out[i] = new String(args[i], jvm);
        }
        return out;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void underLangCANonAsciiNameGetsItsBytesBack() {
        Charset jvm = StandardCharsets.US_ASCII;
        byte[] listOption = concat(ascii("--files-from="), CAFE);
        String[] args = asTheJvmDecodes(jvm, ascii("-q"), CAFE, listOption);
        byte[] cmdline = cmdline(ascii("/usr/bin/java"), ascii("-Xlog:disable"), ascii("-cp"), ascii("dirdump.jar"),
                ascii("dirdump.Main"), ascii("-q"), CAFE, listOption);

        String[] decoded = RawArguments.decode(args, cmdline, jvm);

        assertArrayEquals(new String[] {"-q", "café", "--files-from=café"}, decoded);
        assertArrayEquals(CAFE, RawArguments.encode(decoded[1]));
        // picocli takes the value after '=': its bytes are the argument's after '='.
        assertArrayEquals(CAFE, RawArguments.encode(decoded[2].substring("--files-from=".length())));
    }

    @Test
    void underAUtf8LocaleAnInvalidNameGetsItsBytesBack() {
        Charset jvm = StandardCharsets.UTF_8;
        String[] args = asTheJvmDecodes(jvm, CAFE, BAD);
        String[] decoded = RawArguments.decode(args, cmdline(ascii("java"), ascii("-jar"), ascii("x.jar"), CAFE, BAD), jvm);

        assertSame(args[0], decoded[0], "what lost nothing stays as the JVM made it");
        assertArrayEquals(CAFE, RawArguments.encode(decoded[0]));
        assertArrayEquals(BAD, RawArguments.encode(decoded[1]));
    }

    @Test
    void aCommandLineThatDoesNotEndWithTheArgumentsChangesNothing() {
        Charset jvm = StandardCharsets.UTF_8;
        String[] args = asTheJvmDecodes(jvm, BAD);
        // The arguments came from elsewhere (an @argfile): the last entry is not this argument.
        assertSame(args, RawArguments.decode(args, cmdline(ascii("java"), ascii("@args")), jvm));
        assertSame(args, RawArguments.decode(args, cmdline(), jvm));
        // A charset that loses nothing, or one whose losses are not U+FFFD alone: as the JVM made them.
        Charset latin1 = StandardCharsets.ISO_8859_1;
        String[] latin = asTheJvmDecodes(latin1, BAD);
        assertSame(latin, RawArguments.decode(latin, cmdline(ascii("java"), BAD), latin1));
    }
}
