package dirdump.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dirdump.sys.Os;
import dirdump.sys.SysException;
import dirdump.testing.Trees;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PathListReaderTest {
    private static List<String> records(String input, boolean nul) throws Exception {
        PathListReader list = new PathListReader(new byte[] {'-'},
                new ByteArrayInputStream(input.getBytes(StandardCharsets.ISO_8859_1)), nul, null);
        List<String> out = new ArrayList<>();
        for (byte[] r; (r = list.next()) != null; ) {
            out.add(new String(r, StandardCharsets.ISO_8859_1));
        }
        assertNull(list.next(), "the end stays the end");
        return out;
    }

    @Test
    void recordsEndWithTheSeparatorAndEmptyOnesArePassedOver() throws Exception {
        assertEquals(List.of("a", "b c", "d"), records("a\n\nb c\n\n\nd", false));
        assertEquals(List.of("a\nb", "\377c"), records("\0a\nb\0\0\377c\0", true));
        assertEquals(List.of(), records("", false));
        assertEquals(List.of(), records("\n\n", false));
    }

    @Test
    void recordsMayCrossTheBufferAndBeLongerThanIt() throws Exception {
        ByteArrayOutputStream in = new ByteArrayOutputStream();
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            String name = "/some/dir/file-" + i;
            expected.add(name);
            in.writeBytes((name + "\0").getBytes(StandardCharsets.ISO_8859_1));
        }
        String longName = "x".repeat(200_000);
        expected.add(longName);
        in.writeBytes(longName.getBytes(StandardCharsets.ISO_8859_1));
        assertEquals(expected, records(in.toString(StandardCharsets.ISO_8859_1), true));
    }

    /**
     * A record one byte longer than the longest name is refused on its own, its number and length
     * said, and the list goes on; the longest name itself is a name.
     */
    @Test
    void aRecordLongerThanTheLongestNameIsRefusedAloneAndTheListGoesOn() throws Exception {
        byte[] longest = "y".repeat(PathListReader.LONGEST).getBytes(StandardCharsets.US_ASCII);
        ByteArrayOutputStream in = new ByteArrayOutputStream();
        in.writeBytes("a\n".getBytes(StandardCharsets.US_ASCII));
        in.writeBytes(longest);
        in.write('z');
        in.write('\n');
        in.writeBytes(longest);
        in.writeBytes("\nb".getBytes(StandardCharsets.US_ASCII));
        PathListReader list = new PathListReader(new byte[] {'-'}, new ByteArrayInputStream(in.toByteArray()), false, null);
        assertEquals("a", new String(list.next(), StandardCharsets.US_ASCII));
        PathListReader.Overlong refused = assertThrows(PathListReader.Overlong.class, list::next);
        assertEquals(2, refused.record());
        assertEquals(PathListReader.LONGEST + 1L, refused.length());
        assertEquals("y".repeat(64), new String(refused.start(), StandardCharsets.US_ASCII));
        assertEquals(PathListReader.LONGEST, list.next().length, "the longest name is one");
        assertEquals("b", new String(list.next(), StandardCharsets.US_ASCII));
        assertNull(list.next());
    }

    /** A record that goes on 64 longest names is no name at all (/dev/zero): the list is refused. */
    @Test
    void aRecordOfNoNameAtAllRefusesTheList() throws Exception {
        byte[] endless = new byte[64 * 100 + 1];
        PathListReader list = new PathListReader(new byte[] {'-'}, new ByteArrayInputStream(endless), false, null, 100);
        assertEquals("a name longer than 6,400 bytes: not a list of names (with -0, names end with a NUL byte)",
                assertThrows(SysException.class, list::next).getMessage());
    }

    /** In the C locale's words whatever the test's locale: libc opens and reads the list (strerror_l). */
    @Test
    void aListThatCannotBeReadSaysWhyAsStrerrorDoes() {
        Os os = Os.load(warning -> { });
        PathListReader missing = new PathListReader("/nonexistent/list".getBytes(StandardCharsets.US_ASCII),
                InputStream.nullInputStream(), false, os);
        assertEquals("No such file or directory", assertThrows(SysException.class, missing::next).getMessage());
        PathListReader directory = new PathListReader(new byte[] {'/'}, InputStream.nullInputStream(), false, os);
        assertEquals("Is a directory", assertThrows(SysException.class, directory::next).getMessage());
    }

    /** Its name is bytes, as the command line gave them: one the JVM could not encode under any locale. */
    @Test
    void aListIsOpenedByItsBytes(@TempDir Path tmp) throws Exception {
        assertEquals(0, Trees.sh(tmp, "printf 'a\\nb\\n' > \"$(printf 'liste-\\377\\200')\""));
        byte[] name = (tmp + "/liste-\377\200").getBytes(StandardCharsets.ISO_8859_1);
        PathListReader list = new PathListReader(name, InputStream.nullInputStream(), false, Os.load(warning -> { }));
        assertEquals("a", new String(list.next(), StandardCharsets.US_ASCII));
        assertEquals("b", new String(list.next(), StandardCharsets.US_ASCII));
        assertNull(list.next());
        list.close();
    }
}
