package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.testing.DirdumpRun;
import dirdump.testing.Trees;
import java.nio.charset.StandardCharsets;
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

    /** No byte of a name, a GLOB or an option's value that could act on a terminal or reorder the line. */
    private static void assertNothingActs(String err) {
        assertTrue(err.chars().noneMatch(c -> c < 0x20 && c != '\n' || c >= 0x7f && c <= 0x9f
                || c >= 0x202a && c <= 0x202e || c >= 0x2066 && c <= 0x2069 || c == 0xfffd || c == '?'), err);
    }

    @Test
    void aNameThatReordersTheLineOrHoldsControlsIsShownEscaped() throws Exception {
        Files.write(tmp.resolve("invoice\u202efdp.exe"), new byte[10]);
        Files.write(tmp.resolve("osc\u009d0;t\u0007x"), new byte[20]);
        DirdumpRun run = DirdumpRun.of("--force", "-v", "-j", "1", "--order", "name", tmp);
        assertEquals(0, run.status(), run.err());
        assertTrue(run.err().startsWith(tmp + "/invoice\\u202efdp.exe (10 bytes)\n" + tmp + "/osc\\u009d0;t\\x07x (20 bytes)\n"),
                run.err());
        assertNothingActs(run.err());

        DirdumpRun missing = DirdumpRun.withInput((tmp + "/gone\u202e\u001b]0;t\u0007\n").getBytes(StandardCharsets.UTF_8),
                "--files-from", "-");
        assertEquals(1, missing.status(), missing.err());
        assertTrue(missing.err().startsWith("dirdump: " + tmp + "/gone\\u202e\\x1b]0;t\\x07: No such file or directory\n"),
                missing.err());
        assertNothingActs(missing.err());

        // Machine output keeps its own lossless encodings: -0 the bytes as they are, JSON the escaped text.
        DirdumpRun order = DirdumpRun.of("order", "-0", tmp);
        assertEquals(0, order.status(), order.err());
        assertTrue(new String(order.outBytes(), StandardCharsets.ISO_8859_1).contains(new String(
                (tmp + "/invoice\u202efdp.exe\0").getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1)), order.out());
        DirdumpRun json = DirdumpRun.withInput((tmp + "/gone\u202e\u001b]0;t\u0007\n").getBytes(StandardCharsets.UTF_8),
                "--json", "--files-from", "-");
        assertEquals(tmp + "/gone\\u202e\\x1b]0;t\\x07", json.summary().getAsJsonObject("reported_errors").getAsJsonArray("first")
                .get(0).getAsJsonObject().get("path").getAsString());
    }

    @Test
    void aGlobIsEchoedEscapedWhereverAMessageNamesIt() throws Exception {
        Files.write(tmp.resolve("a\u001b]0;x\u0007"), new byte[10]);
        String glob = "*\u001b]0;x\u0007\u202e";
        String shown = "'*\\x1b]0;x\\x07\\u202e'";
        Files.write(tmp.resolve("a\u001b]0;x\u0007\u202e"), new byte[10]);
        DirdumpRun run = DirdumpRun.of("-v", "--exclude", glob, "--exclude", "a*", tmp);
        assertEquals(1, run.status(), run.err());
        assertTrue(run.err().contains(tmp + "/a\\x1b]0;x\\x07\\u202e: filtered: --exclude " + shown + "\n"), run.err());
        assertTrue(run.err().contains("\ndirdump: no file matched --exclude " + shown + " --exclude 'a*'\n"), run.err());
        assertNothingActs(run.err());

        DirdumpRun bad = DirdumpRun.of("--include", "\u001b[x\u0007", tmp);
        assertEquals(2, bad.status(), bad.err());
        assertEquals("dirdump: --include '\\x1b[x\\x07': '[' without its ']'\nTry 'dirdump --help' for more information.\n",
                bad.err());
    }

    @Test
    void anOptionValueEchoedInAUsageErrorIsEscaped() throws Exception {
        DirdumpRun run = DirdumpRun.of("--max-size", "\u001b[2J\u202e1k", tmp);
        assertEquals(2, run.status(), run.err());
        assertEquals("dirdump: Invalid value for option '--max-size': '\\x1b[2J\\u202e1k' is not a size (examples: 65536, "
                + "64k, 1M, 1MiB)\nTry 'dirdump --help' for more information.\n", run.err());
    }
}
