package dirdump.testdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dirdump.sys.PathNames;
import dirdump.sys.SysException;
import dirdump.sys.TreeCreator.Made;
import dirdump.sys.TreeCreator;
import dirdump.testing.AsUser;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A directory of the tree swapped, as someone who can write to OUT could at any moment, for a symbolic
 * link to a directory outside OUT or for another directory. The swap comes between the two parts of a
 * run (every directory made, no file yet), at a defined point rather than in a race.
 */
class SwappedDirectoryTest {
    private static final SizeModel SIZES = SizeModel.withSigma(SizeModel.DEFAULT_MIN, SizeModel.DEFAULT_MAX,
            SizeModel.DEFAULT_MEAN, SizeModel.DEFAULT_SIGMA);
    /** Every directory in OUT, three times as many as stay open: the first ones made are closed when the files come. */
    private static final Layout LAYOUT = Layout.plan(1_000, 3 * Directories.OPEN_AT_MOST, 1, SIZES, 1);

    @TempDir
    Path tmp;
    private Path out;
    private Path elsewhere;
    /** Where the directory made goes when it is swapped: renamed within OUT, as RENAME_EXCHANGE leaves it. */
    private Path moved;

    private interface Swap {
        void swap(Path dir) throws IOException;
    }

    @BeforeEach
    void dirs() throws IOException {
        out = Files.createDirectory(tmp.resolve("out"));
        elsewhere = Files.createDirectory(tmp.resolve("elsewhere"));
        moved = out.resolve("moved");
    }

    private void forSymlink(Path dir) throws IOException {
        Files.move(dir, moved);
        Files.createSymbolicLink(dir, elsewhere);
    }

    private void forDirectory(Path dir) throws IOException {
        Files.move(dir, moved);
        Files.createDirectory(dir);
    }

    /** The first directory made that gets files: its handle is closed by the time they come. */
    private static int closedWithFiles() {
        for (int d = 1; d < LAYOUT.dirs - Directories.OPEN_AT_MOST; d++) {
            for (int f = 0; f < LAYOUT.files; f++) {
                if (LAYOUT.fileDir[f] == d) {
                    return d;
                }
            }
        }
        throw new AssertionError("every early directory is empty");
    }

    /** Makes the directories, swaps {@code dir}, writes the files; returns the run's stderr, asserting exit 1. */
    private <D> String run(FileSink<D> sink, int dir, Swap swap) throws IOException {
        Progress quiet = new Progress(new PrintStream(OutputStream.nullOutputStream()), false, LAYOUT.files);
        try (sink; TreeWriter<D> writer = new TreeWriter<>(LAYOUT, out, sink, 1, TreeWriter.PLAIN_CHUNK, quiet)) {
            writer.makeDirectories();
            swap.swap(out.resolve(LAYOUT.dirName(dir)));
            IOException failure = assertThrows(IOException.class, writer::writeFiles);
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            assertEquals(1, GenerateCommand.failed(new PrintStream(err, true, StandardCharsets.UTF_8), failure));
            return err.toString(StandardCharsets.UTF_8);
        }
    }

    private void assertNothingOutsideOut() throws IOException {
        assertEquals(Set.of(out, elsewhere), Set.copyOf(list(tmp)));
        assertEquals(List.of(), list(elsewhere));
    }

    private static List<Path> list(Path dir) throws IOException {
        try (var entries = Files.list(dir)) {
            return entries.toList();
        }
    }

    @Test
    void aSymlinkInPlaceOfADirectoryIsNotFollowed() throws IOException {
        int dir = closedWithFiles();
        Path swapped = out.resolve(LAYOUT.dirName(dir));
        String err = run(NativeSink.bind(1, false), dir, this::forSymlink);

        assertEquals("testdata-gen: " + swapped + ": a symbolic link or other file now, not the directory made here: "
                + "not followed\n", err);
        assertNothingOutsideOut();
        assertEquals(elsewhere, Files.readSymbolicLink(swapped), "the link is as it was");
        assertEquals(List.of(), list(moved), "none of its files was made, by any name");
    }

    @Test
    void anotherDirectoryInPlaceOfOneMadeIsNotUsed() throws IOException {
        int dir = closedWithFiles();
        Path swapped = out.resolve(LAYOUT.dirName(dir));
        String err = run(NativeSink.bind(1, false), dir, this::forDirectory);

        assertEquals("testdata-gen: " + swapped + ": another directory now than the one made here: not used\n", err);
        assertNothingOutsideOut();
        assertEquals(List.of(), list(swapped));
        assertEquals(List.of(), list(moved));
    }

    @Test
    void aDirectorySwappedWhileItsHandleIsOpenGetsItsFilesInsideOut() throws IOException {
        Layout few = Layout.plan(300, 10, 1, SIZES, 1);  // fewer directories than stay open
        Path swapped = out.resolve(few.dirName(1));
        Progress quiet = new Progress(new PrintStream(OutputStream.nullOutputStream()), false, few.files);
        try (NativeSink sink = NativeSink.bind(1, false);
             TreeWriter<Made> writer = new TreeWriter<>(few, out, sink, 1, TreeWriter.PLAIN_CHUNK, quiet)) {
            writer.makeDirectories();
            forSymlink(swapped);
            writer.writeFiles();
        }
        assertNothingOutsideOut();
        long files = Arrays.stream(few.fileDir).filter(d -> d == 1).count();
        assertTrue(files > 0);
        assertEquals(files, list(moved).size(), "in the directory made, wherever it was moved to");
    }

    @Test
    void theJavaNioFallbackDoesNotFollowASymlink() throws IOException {
        int dir = closedWithFiles();
        Path swapped = out.resolve(LAYOUT.dirName(dir));
        String err = run(new NioSink(1), dir, this::forSymlink);

        // The reason is the JDK's, in this test JVM's locale (the launcher makes it C: English).
        assertTrue(err.startsWith("testdata-gen: " + swapped + ": "), err);
        assertEquals(1, err.lines().count(), err);
        assertNothingOutsideOut();
        assertEquals(elsewhere, Files.readSymbolicLink(swapped));
        assertEquals(List.of(), list(moved));
    }

    @Test
    void theJavaNioFallbackDoesNotUseAnotherDirectory() throws IOException {
        int dir = closedWithFiles();
        Path swapped = out.resolve(LAYOUT.dirName(dir));
        String err = run(new NioSink(1), dir, this::forDirectory);

        assertEquals("testdata-gen: " + swapped + ": another directory now than the one made here: not used\n", err);
        assertNothingOutsideOut();
        assertEquals(List.of(), list(swapped));
        assertEquals(List.of(), list(moved));
    }

    /** Identity alone would not catch it: the same directory, given to another owner (which needs root). */
    @Test
    void aDirectoryOwnedBySomeoneElseIsNotOurs() throws Exception {
        assumeTrue(AsUser.isRoot(), "giving a directory to another owner needs root");
        TreeCreator creator = TreeCreator.bind();
        Made top = creator.openTop(PathNames.bytes(out.toString()));
        Made made = creator.makeDirectory(top, new byte[] {'d'});
        creator.closeDirectory(made);
        Files.setAttribute(out.resolve("d"), "unix:uid", AsUser.NOBODY);

        SysException e = assertThrows(SysException.class, () -> creator.reopen(top, new byte[] {'d'}, made));
        assertEquals("owned by uid " + AsUser.NOBODY + ", not by uid 0 that made it: not the directory made here, "
                + "not used", e.getMessage());
        creator.closeDirectory(top);
    }
}
