package dirdump.testdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The generator on real trees in a temporary directory, a few thousand files each. */
class GeneratorTest {
    @TempDir
    Path tmp;

    private static final Object[] TREE = {"--files", 2_000, "--dirs", 40, "--depth", 3};

    private GenRun generate(Path out, Object... args) {
        Object[] argv = new Object[args.length + 1];
        argv[0] = out;
        System.arraycopy(args, 0, argv, 1, args.length);
        return GenRun.of(argv);
    }

    private Path ok(String name, Object... args) throws IOException {
        Path out = tmp.resolve(name);
        GenRun run = generate(out, args);
        assertEquals(0, run.status(), run.err());
        return out;
    }

    private static Object[] with(Object[] base, Object... more) {
        Object[] all = new Object[base.length + more.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return all;
    }

    @Test
    void theSameSeedGivesTheSameBytesAndAnotherSeedOthers() throws IOException {
        String a = TreeFacts.digest(ok("a", with(TREE, "--seed", 7)));
        String b = TreeFacts.digest(ok("b", with(TREE, "--seed", 7)));
        String c = TreeFacts.digest(ok("c", with(TREE, "--seed", 8)));  // the same shape, other draws
        assertEquals(a, b);
        assertNotEquals(a, c);
    }

    @Test
    void fragmentingWritesTheSameBytes() throws IOException {
        String plain = TreeFacts.digest(ok("plain", with(TREE, "--seed", 9)));
        String fragmented = TreeFacts.digest(ok("fragmented", with(TREE, "--seed", 9, "--fragment=5")));
        assertEquals(plain, fragmented);
    }

    @Test
    void theTreeHasTheFilesDirectoriesDepthAndSizesAsked() throws IOException {
        Path out = ok("t", "--files", 3_000, "--dirs", 40, "--depth", 3, "--seed", 4);

        List<Path> files = TreeFacts.files(out);
        List<Path> dirs = TreeFacts.dirs(out);
        assertEquals(3_000, files.size());
        assertEquals(40 - 1, dirs.size(), "OUT counts as one of the 40");
        assertEquals(3, dirs.stream().mapToInt(d -> out.relativize(d).getNameCount()).max().orElseThrow());
        long[] sizes = files.stream().mapToLong(TreeFacts::size).toArray();
        for (long size : sizes) {
            assertTrue(size >= SizeModel.DEFAULT_MIN && size <= SizeModel.DEFAULT_MAX, "size " + size);
        }
        double mean = (double) Arrays.stream(sizes).sum() / sizes.length;
        assertEquals(SizeModel.DEFAULT_MEAN, mean, SizeModel.DEFAULT_MEAN * 0.05);
    }

    @Test
    void otherSizesAreKeptWithinBoundsAroundTheirMean() throws IOException {
        Path out = ok("s", "--files", 2_000, "--min-size", "1k", "--max-size", "64k", "--mean", "16k", "--seed", 5);
        long[] sizes = TreeFacts.files(out).stream().mapToLong(TreeFacts::size).toArray();
        assertTrue(Arrays.stream(sizes).allMatch(s -> s >= 1024 && s <= 65536));
        double mean = (double) Arrays.stream(sizes).sum() / sizes.length;
        assertEquals(16_384, mean, 16_384 * 0.05);
    }

    @Test
    void thePresetsShapeCanBeTakenWithFewerFiles() throws IOException {
        Path out = ok("tree", "--preset", "tree", "--files", 3_000);
        List<Path> dirs = TreeFacts.dirs(out);
        assertEquals(2_000 - 1, dirs.size());
        assertEquals(4, dirs.stream().mapToInt(d -> out.relativize(d).getNameCount()).max().orElseThrow());
        assertEquals(3_000, TreeFacts.files(out).size());
    }

    @Test
    void filesAreCreatedInAnotherOrderThanTheirNames() throws IOException {
        Path out = ok("flat", "--files", 2_000, "--seed", 6);
        // Inode numbers follow creation order on ext4, XFS, btrfs and tmpfs alike.
        long[] inodes = TreeFacts.files(out).stream().mapToLong(TreeFacts::inode).toArray();
        long rising = 0;
        for (int i = 1; i < inodes.length; i++) {
            rising += inodes[i] > inodes[i - 1] ? 1 : 0;
        }
        double share = (double) rising / (inodes.length - 1);
        assertTrue(share > 0.4 && share < 0.6, "in name order, inodes rise " + share + " of the time: "
                + "about half as for a random order, not nearly always as for files created in name order");
    }

    @Test
    void aNonEmptyOutIsRefusedAndForceAddsAlongsideWithoutOverwriting() throws IOException {
        Path out = Files.createDirectory(tmp.resolve("full"));
        Files.writeString(out.resolve("keep"), "mine");

        GenRun refused = generate(out, "--files", 100, "--seed", 1);
        assertEquals(2, refused.status());
        assertEquals("testdata-gen: " + out + ": not empty (1 entry: keep); --force adds the set alongside what "
                + "is there (nothing is deleted or overwritten)\n", refused.err());
        assertEquals(List.of(out.resolve("keep")), TreeFacts.all(out));

        assertEquals(0, generate(out, "--files", 100, "--seed", 1, "--force").status());
        assertEquals(101, TreeFacts.files(out).size());
        assertEquals("mine", Files.readString(out.resolve("keep")));

        String before = TreeFacts.digest(out);
        GenRun again = generate(out, "--files", 100, "--seed", 2, "--force");
        assertEquals(2, again.status());
        assertTrue(again.err().contains("already holds names this set would create (100 names: f00, f01, f02, "
                + "...); nothing is overwritten"), again.err());
        assertEquals(before, TreeFacts.digest(out), "nothing touched");
    }

    @Test
    void aMissingOutIsMadeWithItsParentsButAFileIsRefused() throws IOException {
        ok("x/y/z", "--files", 10);
        Path file = Files.writeString(tmp.resolve("file"), "");
        GenRun run = generate(file, "--files", 10);
        assertEquals(2, run.status());
        assertEquals("testdata-gen: " + file + ": not a directory\n", run.err());
    }

    @Test
    void theSummaryGoesToStderrAndNothingToStdout() throws IOException {
        // A bare --fragment takes no value: OUT after it stays OUT.
        GenRun run = GenRun.of("--fragment", tmp.resolve("o"), "--files", 500, "--dirs", 5, "--seed", 3);
        assertEquals(0, run.status(), run.err());
        assertEquals("", run.out());
        String[] lines = run.err().split("\n");
        assertTrue(lines[0].matches("testdata-gen: wrote 500 files in 5 directories, [0-9.]+ MiB, in [0-9.]+ s "
                + "\\(seed 3\\)"), lines[0]);
        assertTrue(lines[1].startsWith("  sizes 100 B to 20,000 B: mean "), lines[1]);
        assertTrue(lines[2].startsWith("  fragmented: 8 files written at a time, 4 KiB chunks in turn"), lines[2]);
        assertEquals(3, lines.length);
    }

    @Test
    void usageErrorsExitTwoBeforeAnythingIsWritten() {
        Path out = tmp.resolve("never");
        String[][] cases = {
            {"--seed", "1"},
            {"--files", "10", "--dirs", "3", "--depth", "3"},
            {"--files", "10", "--dirs", "3", "--depth", "0"},
            {"--files", "10", "--mean", "30000"},
            {"--files", "10", "--median", "50"},
            {"--files", "10", "--fragment=1"},
            {"--files", "0"},
            {"--preset", "huge"},
        };
        String[] expected = {
            "Missing required option: '--files=N' (or --preset)",
            "--depth 3 needs at least 4 directories",
            "--depth 0 puts every file in OUT",
            "--mean (30000) must lie strictly between --min-size (100) and --max-size (20000)",
            "--median (50) must lie strictly between",
            "--fragment takes 2 to 1024 files",
            "--files must be at least 1",
            "Invalid value for option '--preset'",
        };
        for (int i = 0; i < cases.length; i++) {
            GenRun run = generate(out, (Object[]) cases[i]);
            assertEquals(2, run.status(), String.join(" ", cases[i]));
            assertTrue(run.err().contains(expected[i]), run.err());
            assertTrue(Files.notExists(out));
        }
    }
}
