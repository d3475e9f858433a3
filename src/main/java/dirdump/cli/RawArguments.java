package dirdump.cli;

import dirdump.sys.PathNames;
import dirdump.sys.Processes;
import dirdump.sys.SysException;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The command line as the kernel gave it: bytes. The JVM decodes argv in the locale's charset before
 * main sees it, and what it cannot decode becomes U+FFFD: under LANG=C (cron's) "café" arrives as
 * "caf\uFFFD\uFFFD", and under any locale a name that is not valid UTF-8 loses its bytes; either then
 * names another file, or none. Such arguments are read again from /proc/self/cmdline and decoded
 * without loss: as UTF-8, each byte that is not part of valid UTF-8 kept as one lone surrogate
 * U+DC80..U+DCFF (as Python's "surrogateescape"). picocli parses them as any other argument, and
 * {@link #bytes} gives back the exact bytes of a PATH or of a --files-from FILE, whole or after
 * "--files-from=". Only where the JVM's charset is UTF-8 or ASCII, the ones whose losses are U+FFFD and
 * whose every other argument this encoding gives back unchanged; elsewhere (ISO-8859-1 loses nothing)
 * arguments are as the JVM made them.
 */
public final class RawArguments {
    private static final int SURROGATE_ESCAPE = 0xDC00;
    private static final char LOST = '\uFFFD';

    /** Some argument was decoded again: every argument's bytes are then {@link #encode}'s. */
    private static volatile boolean decodedAgain;

    private RawArguments() {
    }

    /**
     * The arguments main got, those that lost bytes decoded again from /proc/self/cmdline. For main only:
     * a command line run in this JVM otherwise (tests) is not the process's.
     */
    public static String[] of(String[] args) {
        if (Arrays.stream(args).noneMatch(a -> a.indexOf(LOST) >= 0)) {
            return args;  // nothing lost: no need to read anything
        }
        byte[] cmdline;
        try {
            cmdline = Processes.commandLine();
        } catch (SysException | RuntimeException e) {
            return args;  // no /proc: the arguments as the JVM decoded them
        }
        String[] decoded = decode(args, cmdline, PathNames.CHARSET);
        decodedAgain = decoded != args;
        return decoded;
    }

    /**
     * {@code args} with each one that lost bytes decoded again from its bytes in {@code cmdline} (the
     * NUL-terminated argv of the java process); {@code args} itself if none did, the charset is neither
     * UTF-8 nor ASCII, or cmdline does not end with these arguments. They are its last entries
     * whatever came before them (java's options, -jar JAR or -cp PATH CLASS, JDK_JAVA_OPTIONS'
     * options, which are not in it at all): each must decode, as the JVM decoded it, to the string main got.
     */
    static String[] decode(String[] args, byte[] cmdline, Charset jvm) {
        if (!jvm.equals(StandardCharsets.UTF_8) && !jvm.equals(StandardCharsets.US_ASCII)) {
            return args;
        }
        List<byte[]> argv = entries(cmdline);
        if (argv.size() < args.length) {
            return args;
        }
        List<byte[]> tail = argv.subList(argv.size() - args.length, argv.size());
        String[] out = args.clone();
        boolean changed = false;
        for (int i = 0; i < args.length; i++) {
            byte[] raw = tail.get(i);
            if (!new String(raw, jvm).equals(args[i])) {
                return args;  // not this command line (an @argfile gave the arguments, say)
            }
            if (args[i].indexOf(LOST) >= 0) {
                out[i] = decodeLossless(raw);
                changed = changed || !out[i].equals(args[i]);
            }
        }
        return changed ? out : args;
    }

    /** The bytes of a file name taken from the command line (a PATH, --files-from FILE), as the kernel gave them. */
    public static byte[] bytes(String arg) {
        return decodedAgain ? encode(arg) : PathNames.bytes(arg);
    }

    /** UTF-8, each malformed byte as U+DC00 + the byte (all are 0x80 or more: ASCII is never malformed). */
    static String decodeLossless(byte[] raw) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(raw);
        CharBuffer out = CharBuffer.allocate(raw.length);  // UTF-8 never gives more chars than bytes
        for (CoderResult r = decoder.decode(in, out, true); r.isError(); r = decoder.decode(in, out, true)) {
            for (int i = 0; i < r.length(); i++) {
                out.put((char) (SURROGATE_ESCAPE | (in.get() & 0xff)));
            }
        }
        decoder.flush(out);
        return out.flip().toString();
    }

    /** The inverse of {@link #decodeLossless}: UTF-8, and each escaped byte as itself. */
    static byte[] encode(String s) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(s.length() + 8);
        s.codePoints().forEach(c -> {
            if (c >= SURROGATE_ESCAPE + 0x80 && c <= SURROGATE_ESCAPE + 0xff) {
                out.write(c - SURROGATE_ESCAPE);
            } else {
                out.writeBytes(new String(Character.toChars(c)).getBytes(StandardCharsets.UTF_8));
            }
        });
        return out.toByteArray();
    }

    /** The NUL-terminated entries of /proc/PID/cmdline. */
    private static List<byte[]> entries(byte[] cmdline) {
        List<byte[]> entries = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < cmdline.length; i++) {
            if (cmdline[i] == 0) {
                entries.add(Arrays.copyOfRange(cmdline, start, i));
                start = i + 1;
            }
        }
        return entries;
    }
}
