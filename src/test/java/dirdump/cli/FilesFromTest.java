package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.sys.PathNames;
import dirdump.testing.DirdumpRun;
import dirdump.testing.Trees;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --files-from: lists of names, newline- or NUL-separated, from a file or standard input. */
class FilesFromTest {
    @TempDir
    Path tmp;

    /** The names as one list, each ended by {@code separator}. */
    private static byte[] list(char separator, Object... names) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Object name : names) {
            out.writeBytes(name instanceof byte[] ? (byte[]) name : PathNames.bytes(name.toString()));
            out.write(separator);
        }
        return out.toByteArray();
    }

    private static byte[] concat(String prefix, byte[] suffix) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(PathNames.bytes(prefix));
        out.writeBytes(suffix);
        return out.toByteArray();
    }

    @Test
    void aNulSeparatedListTakesAnyNameAsItsBytes() throws Exception {
        Path set = Files.createDirectory(tmp.resolve("set"));
        Files.write(set.resolve("line\nbreak"), new byte[10]);
        Files.write(set.resolve("with space"), new byte[20]);
        Files.write(set.resolve("back\\slash"), new byte[30]);
        assertEquals(0, Trees.sh(set, "printf 1234 > \"$(printf 'bad\\377\\200name')\""));
        Path list = tmp.resolve("list");
        Files.write(list, list('\0', set + "/line\nbreak", set + "/with space", set + "/back\\slash",
                concat(set + "/", new byte[] {'b', 'a', 'd', (byte) 0xff, (byte) 0x80, 'n', 'a', 'm', 'e'})));

        DirdumpRun run = DirdumpRun.of("--force", "-j", 1, "-v", "--files-from", list, "-0");
        assertEquals(0, run.status(), run.err());
        assertTrue(run.err().contains("dirdump: read 4 files, 64 B"), run.err());
        assertTrue(run.readOrder().contains(set + "/line\\nbreak"), run.err());
        assertTrue(run.readOrder().contains(set + "/bad\\xff\\x80name"), run.err());
    }

    @Test
    void aNewlineSeparatedListIgnoresBlankLinesAndJoinsThePathsInOneOrder() throws Exception {
        List<Path> walked = Trees.randomTree(tmp.resolve("walked"), 20, 100, 1);
        List<Path> listed = Trees.randomTree(tmp.resolve("listed"), 20, 100, 2);
        Path list = tmp.resolve("list");
        Files.write(list, list('\n', listed.toArray()));
        Files.write(list, "\n\n".getBytes(), StandardOpenOption.APPEND);
        Files.write(list, list('\n', walked.get(0)), StandardOpenOption.APPEND);

        DirdumpRun run = DirdumpRun.json("--force", "--files-from", list, tmp.resolve("walked"));
        assertEquals(0, run.status(), run.err());
        assertEquals(40, run.count("files_read"));
        assertEquals(Trees.totalSize(walked) + Trees.totalSize(listed), run.count("bytes_read"));
        assertEquals(1, run.skipped("duplicate"), "a listed file also walked is read once");

        List<String> inode = DirdumpRun.of("order", "--order=inode", "--files-from", list, tmp.resolve("walked")).outLines();
        assertEquals(40, inode.size());
        assertEquals(inode, DirdumpRun.of("--force", "-j", 1, "-v", "--order=inode", "--files-from", list, tmp.resolve("walked"))
                .readOrder(), "one order over PATHs and list together");
    }

    @Test
    void listedFilesThatAreMissingAreErrorsOfThoseFiles() throws Exception {
        Path here = Trees.file(tmp.resolve("here"), 100, 1);
        byte[] names = list('\n', tmp.resolve("gone"), here, tmp.resolve("no/such/dir/file"));

        DirdumpRun run = DirdumpRun.withInput(names, "--force", "--json", "--files-from", "-");
        assertEquals(1, run.status(), "a missing file is not a usage error: " + run.err());
        assertEquals(2, run.count("errors"));
        assertEquals(0, run.count("unusable_paths"));
        assertEquals(1, run.count("files_read"));
        assertEquals(List.of("dirdump: " + tmp.resolve("gone") + ": No such file or directory",
                "dirdump: " + tmp.resolve("no/such/dir/file") + ": No such file or directory"),
                List.of(run.err().split("\n")));
    }

    /**
     * A record one byte longer than the longest name (the bound's own) is refused on its own, in one
     * line, and counted: the names before and after it are read.
     */
    @Test
    void aRecordLongerThanTheLongestNameIsRefusedAloneAndTheListGoesOn() throws Exception {
        Path a = Trees.file(tmp.resolve("a"), 100, 1);
        Path b = Trees.file(tmp.resolve("b"), 200, 2);
        byte[] overlong = "x".repeat(dirdump.scan.PathListReader.LONGEST + 1).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        Path listFile = Files.write(tmp.resolve("list"), list('\n', a, overlong, b));

        DirdumpRun run = DirdumpRun.json("--force", "--files-from", listFile);
        assertEquals(1, run.status(), "a refused record is an error of its own: " + run.err());
        assertEquals(List.of("dirdump: " + listFile + ": record 2: a name of 16,777,217 bytes (\"" + "x".repeat(64)
                + "...\"), longer than the 16 MiB a name may have; not read"), List.of(run.err().split("\n")));
        assertEquals(1, run.count("errors"));
        assertEquals(0, run.count("unusable_paths"));
        assertEquals(2, run.count("files_read"));
        assertEquals(300, run.count("bytes_read"));
    }

    @Test
    void aListThatCannotBeOpenedIsAnUnusableArgumentAndThePathsAreStillRead() throws Exception {
        Trees.file(tmp.resolve("set/f"), 10, 1);
        DirdumpRun run = DirdumpRun.json("--force", "--files-from", tmp.resolve("no-list"), tmp.resolve("set"));
        assertEquals(2, run.status());
        assertEquals(1, run.count("unusable_paths"));
        assertEquals(1, run.count("files_read"));
        assertTrue(run.err().contains("dirdump: " + tmp.resolve("no-list") + ": No such file or directory"), run.err());
    }

    /** find lists directories as well as files: they are passed over, so each file is listed and read once. */
    @Test
    void findPrint0OnStandardInputReadsWhatAWalkReads() throws Exception {
        Path set = tmp.resolve("set");
        Trees.randomTree(set, 60, 1000, 3);
        assertEquals(0, Trees.sh(set, "printf 12 > \"$(printf 'odd\\nname\\377')\""));
        byte[] found = Trees.shBytes(tmp, "find '" + set + "' -print0");

        DirdumpRun listed = DirdumpRun.withInput(found, "--force", "-j", 1, "-v", "--order=inode", "--files-from", "-", "-0");
        DirdumpRun walked = DirdumpRun.of("--force", "-j", 1, "-v", "--order=inode", set);
        assertEquals(0, listed.status(), listed.err());
        assertEquals(61, walked.readOrder().size());
        assertEquals(walked.readOrder(), listed.readOrder());
        long directories = Long.parseLong(Trees.shOutput(tmp, "find '" + set + "' -type d | wc -l").trim());
        DirdumpRun json = DirdumpRun.withInput(found, "--force", "--json", "--files-from", "-", "-0");
        assertEquals(directories, json.skipped("directory"), "set itself and each directory below it");
        assertEquals(0, json.count("directories"), "nothing walked");
    }

    @Test
    void theOutputOfOrderNulFeedsBackAsTheSameOrder() throws Exception {
        Path set = tmp.resolve("set");
        Trees.sync(Trees.randomTree(set, 100, 5000, 4));
        assertEquals(0, Trees.sh(set, "printf 123 > \"$(printf 'new\\nline\\200')\""));
        for (String order : new String[] {"inode", "none", "physical"}) {
            byte[] printed = DirdumpRun.of("order", "-0", "--order=" + order, set).outBytes();
            List<String> expected = DirdumpRun.of("--force", "-j", 1, "-v", "--order=" + order, set).readOrder();
            assertEquals(101, expected.size());
            assertEquals(expected, DirdumpRun.withInput(printed, "--force", "-j", 1, "-v", "--order=" + order, "--files-from", "-", "-0")
                    .readOrder(), order);
            assertArrayEquals(printed, DirdumpRun.withInput(printed, "order", "--order=" + order, "--files-from", "-", "-0")
                    .outBytes(), "order -0 reads its own output back: " + order);
        }
    }

    @Test
    void listedSymbolicLinksAreFollowedOnlyWithFollowAndSpecialFilesAreSkipped() throws Exception {
        Path target = Trees.file(tmp.resolve("outside/target"), 50, 1);
        Files.createDirectory(tmp.resolve("set"));
        Path link = Files.createSymbolicLink(tmp.resolve("set/link"), target);
        Path dangling = Files.createSymbolicLink(tmp.resolve("set/dangling"), tmp.resolve("nothing"));
        assertEquals(0, Trees.sh(tmp.resolve("set"), "mkfifo fifo"));
        byte[] names = list('\0', link, dangling, tmp.resolve("set/fifo"));

        DirdumpRun plain = DirdumpRun.withInput(names, "--force", "--json", "--files-from", "-", "-0");
        assertEquals(0, plain.status(), plain.err());
        assertEquals(0, plain.count("files_read"));
        assertEquals(2, plain.skipped("symlink"));
        assertEquals(1, plain.skipped("fifo"));

        DirdumpRun follow = DirdumpRun.withInput(names, "--force", "--json", "-L", "--files-from", "-", "-0");
        assertEquals(0, follow.status(), follow.err());
        assertEquals(1, follow.count("files_read"));
        assertEquals(50, follow.count("bytes_read"));
        assertEquals(1, follow.skipped("symlink"), "a dangling link is skipped, not missing");
        assertEquals(1, follow.skipped("fifo"));
    }

    @Test
    void orderTakesAListWithoutPathsButNeedsOneOrTheOther() throws Exception {
        Path f = Trees.file(tmp.resolve("f"), 10, 1);
        DirdumpRun run = DirdumpRun.withInput(list('\n', f), "order", "--files-from", "-");
        assertEquals(0, run.status(), run.err());
        assertEquals(List.of(f.toString()), run.outLines());
        DirdumpRun neither = DirdumpRun.of();
        assertEquals(2, neither.status());
        assertTrue(neither.err().contains("Missing required parameter: 'PATH' (or --files-from)"), neither.err());
    }

    @Test
    void filtersApplyToListedFilesByThePathAsListed() throws Exception {
        Path keep = Trees.file(tmp.resolve("keep/a.dat"), 10, 1);
        Path tmpFile = Trees.file(tmp.resolve("keep/a.tmp"), 10, 2);
        Path other = Trees.file(tmp.resolve("other/b.dat"), 10, 3);
        byte[] names = list('\n', keep, tmpFile, other);
        DirdumpRun run = DirdumpRun.withInput(names, "--force", "--json", "-v", "--files-from", "-",
                "--include", "**/keep/*", "--exclude", "*.tmp");
        assertEquals(1, run.count("files_read"));
        assertEquals(2, run.summary().getAsJsonObject("filtered").get("pattern").getAsLong());
        assertTrue(run.err().contains(tmpFile + ": filtered: --exclude '*.tmp'"), run.err());
        assertTrue(run.err().contains(other + ": filtered: no --include matches"), run.err());
    }
}
