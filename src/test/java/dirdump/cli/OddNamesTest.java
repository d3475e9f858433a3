package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.testing.DirdumpRun;
import dirdump.testing.Trees;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OddNamesTest {
    @TempDir
    Path tmp;

    @Test
    void namesWithNewlinesAndInvalidUtf8AreReadAndPrintedEscaped() throws Exception {
        Files.write(tmp.resolve("line\nbreak"), new byte[10]);
        Files.write(tmp.resolve("tab\there back\\slash"), new byte[20]);
        Files.write(tmp.resolve("caf\u00e9"), new byte[30]);
        // Java cannot make a name that is not UTF-8; the shell can.
        assertEquals(0, Trees.sh(tmp, "mkdir \"$(printf 'dir\\377')\" && printf 1234 > \"$(printf 'dir\\377/bad\\200\\376name')\""));

        DirdumpRun run = DirdumpRun.of("--force", "-v", tmp);
        assertEquals(0, run.status(), run.err());
        assertTrue(run.err().contains("dirdump: read 4 files, 64 B"), run.err());
        assertTrue(run.err().contains("/line\\nbreak (10 bytes)"), run.err());
        assertTrue(run.err().contains("/tab\\there back\\\\slash (20 bytes)"), run.err());
        assertTrue(run.err().contains("/caf\u00e9 (30 bytes)"), run.err());
        assertTrue(run.err().contains("/dir\\xff/bad\\x80\\xfename (4 bytes)"), run.err());
        for (String line : run.err().split("\n")) {
            assertTrue(!line.equals("break (10 bytes)"), "a name must not break a line");
        }
    }
}
