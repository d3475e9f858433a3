package dirdump.read;

import dirdump.testing.ReadPasses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.order.LocateMethod;
import dirdump.order.Order;
import dirdump.order.OrderSettings;
import dirdump.order.Orderer;
import dirdump.outcome.Reporter;
import dirdump.outcome.StopRequest;
import dirdump.outcome.Tally;
import dirdump.report.StderrReporter;
import dirdump.scan.PathFilter;
import dirdump.scan.UniqueFiles;
import dirdump.scan.WalkResult;
import dirdump.scan.WalkSettings;
import dirdump.scan.Walker;
import dirdump.sys.Os;
import dirdump.sys.PathNames;
import dirdump.testing.RecordingOs;
import dirdump.testing.Trees;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What another user who can write to the tree does while root reads it: swap a directory for a
 * symbolic link to /, /etc or /dev, once the walk has listed it, or once the walk is over and before
 * the read. The phases run here, in this process, with the swap between them: no timing involved.
 * Whatever the flags, nothing outside the tree is opened, the swapped directory is told once, and the
 * rest is read.
 */
class SwappedDirectoryTest {
    private static final int KEEP = 1000;
    private static final int Z_BYTES = 30;

    @TempDir
    Path tmp;

    private Path tree;
    private final ByteArrayOutputStream messages = new ByteArrayOutputStream();
    private final Reporter reporter = new StderrReporter(new PrintStream(messages, true), StderrReporter.Verbosity.NORMAL);
    private final RecordingOs os = new RecordingOs(Os.load(reporter::warning));

    @BeforeEach
    void tree() throws IOException {
        tree = tmp.resolve("tree");
        Trees.file(tree.resolve("keep"), KEEP, 1);
        for (int i = 1; i <= 3; i++) {
            Trees.file(tree.resolve("a/f" + i), 100 * i, i);
        }
        Trees.file(tree.resolve("a/sub/g"), 50, 7);
        // Regular files named as devices: a swap of z for /dev would turn these names into devices.
        for (String name : new String[] {"null", "random", "kmsg"}) {
            Trees.file(tree.resolve("z/" + name), Z_BYTES / 3, name.hashCode());
        }
    }

    private Walker walker(boolean oneFileSystem, boolean follow, int openDirectories) {
        return new Walker(os, new WalkSettings(follow, oneFileSystem, Integer.MAX_VALUE, PathFilter.NONE), reporter,
                new Tally(), openDirectories);
    }

    private Tally read(WalkResult walk) {
        int[] sequence = Orderer.plan(walk, UniqueFiles.of(walk, new Tally(), reporter),
                new OrderSettings(Order.INODE, LocateMethod.AUTO, false), os, reporter).sequence();
        return ReadPasses.run(os, walk, sequence, Reading.of(ReadMethod.READ, Readers.of(4, 4096)).withForce(true).withMeasureAfter(true),
                new ReadLimits(0, new StopRequest()), reporter).tally();
    }

    /** Moves the directory aside, inside the tree, and puts a symbolic link to {@code target} in its place. */
    private void swap(Path dir, String target) {
        try {
            Files.move(dir, dir.resolveSibling(dir.getFileName() + ".moved"));
            Files.createSymbolicLink(dir, Path.of(target));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void assertNothingOutsideWasOpened() throws IOException {
        Set<RecordingOs.Identity> inside = RecordingOs.identitiesUnder(tree);
        List<RecordingOs.Identity> opened = os.opened();
        assertTrue(opened.size() > 3, "the run opened the tree");
        for (RecordingOs.Identity id : opened) {
            assertTrue(inside.contains(id), "opened " + id + ", which is not in the tree; " + messages);
        }
    }

    private int count(String text) {
        return messages.toString().split(java.util.regex.Pattern.quote(text), -1).length - 1;
    }

    @ParameterizedTest(name = "swap to {0}, -x {1}, -L {2}")
    @CsvSource({"/,false,false", "/,true,false", "/,false,true", "/,true,true", "/etc,false,false",
        "/etc,false,true", "/dev,false,false", "/dev,true,true"})
    void aDirectorySwappedOnceListedIsNotEnteredAndTheRestIsRead(String target, boolean oneFs, boolean follow)
            throws Exception {
        os.whenListed("a", () -> swap(tree.resolve("a"), target));

        Tally walked = new Tally();
        try (WalkResult walk = new Walker(os, new WalkSettings(follow, oneFs, Integer.MAX_VALUE, PathFilter.NONE),
                reporter, walked).walk(List.of(PathNames.bytes(tree.toString())), null)) {
            Tally t = read(walk);

            assertEquals(1, walked.changed(), messages.toString());
            assertEquals(1, count(tree.resolve("a") + ": is now a symbolic link; not walked"), messages.toString());
            assertEquals(4, t.filesRead(), "keep and z's three files; " + messages);
            assertEquals(KEEP + Z_BYTES, t.bytesRead());
        }
        assertNothingOutsideWasOpened();
    }

    /**
     * After the walk, z's handle may still be open (then its files are read where z went, inside the
     * tree) or closed for want of room (then opening it again meets the link, and its files are left).
     */
    @ParameterizedTest(name = "swap to {0}, {1} open directories")
    @CsvSource({"/dev,1000", "/dev,1", "/,1", "/etc,1"})
    void aDirectorySwappedBeforeTheReadIsNeverFollowed(String target, int openDirectories) throws Exception {
        List<byte[]> paths = List.of(PathNames.bytes(tree.toString()));
        try (WalkResult walk = walker(false, false, openDirectories).walk(paths, null)) {
            swap(tree.resolve("z"), target);
            Tally t = read(walk);

            if (openDirectories > 1) {
                assertEquals(8, t.filesRead(), messages.toString());
                assertEquals(0, t.changed());
            } else {
                assertEquals(5, t.filesRead(), "keep and a's files; " + messages);
                assertEquals(KEEP + 600 + 50, t.bytesRead());
                assertEquals(3, t.changed(), "each of z's files is left");
                assertEquals(1, count(tree.resolve("z") + ": is now a symbolic link; its files not read"),
                        messages.toString());
            }
        }
        assertNothingOutsideWasOpened();
    }
}
