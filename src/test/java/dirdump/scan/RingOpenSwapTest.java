package dirdump.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dirdump.outcome.Reporter;
import dirdump.outcome.Tally;
import dirdump.report.StderrReporter;
import dirdump.sys.OpenFile;
import dirdump.sys.Os;
import dirdump.sys.PathNames;
import dirdump.sys.ReadRing;
import dirdump.sys.SysException;
import dirdump.testing.AsUser;
import dirdump.testing.Trees;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file opened in a reader's ring (FileOpener#queueOpen, IORING_OP_OPENAT) whose name is swapped
 * between the open's queueing and its completion's check: for a symbolic link (to a device, to a file
 * outside the tree), a FIFO, another file, or nothing. What a user sees is what a file opened one
 * system call at a time gives (FileOpener#open): the same lines, the same counts, and nothing a link
 * leads to or a FIFO is opened for reading.
 */
class RingOpenSwapTest {
    private static final String[] NAMES = {"to-device", "to-secret", "to-fifo", "to-other", "gone", "keep"};

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream messages = new ByteArrayOutputStream();
    private final Reporter reporter = new StderrReporter(new PrintStream(messages, true), StderrReporter.Verbosity.NORMAL);
    private final Os os = Os.load(reporter::warning);

    private Path tree(String name) throws Exception {
        Path tree = Files.createDirectory(tmp.resolve(name));
        for (String n : NAMES) {
            Trees.file(tree.resolve(n), 5000, n.hashCode());
        }
        return tree;
    }

    private WalkResult list(Path tree) {
        WalkResult walk = new Walker(os, new WalkSettings(false, false, Integer.MAX_VALUE, PathFilter.NONE), reporter,
                new Tally()).walk(List.of(PathNames.bytes(tree.toString())), null);
        assertEquals(NAMES.length, walk.files.size(), messages.toString());
        return walk;
    }

    /** What another user who can write the directory does meanwhile. */
    private static void swap(Path tree, Path secret) throws Exception {
        replace(tree, "to-device", t -> Files.createSymbolicLink(t, Path.of("/dev/zero")));
        replace(tree, "to-secret", t -> Files.createSymbolicLink(t, secret));
        replace(tree, "to-fifo", t -> assertEquals(0, Trees.sh(tree, "mkfifo to-fifo")));
        // made before the old one is gone, so that it is another inode, and renamed over it
        Files.move(Trees.file(tree.resolve("new"), 5000, 1), tree.resolve("to-other"), StandardCopyOption.REPLACE_EXISTING);
        Files.delete(tree.resolve("gone"));
    }

    @FunctionalInterface
    private interface Make {
        void make(Path target) throws Exception;
    }

    private static void replace(Path tree, String name, Make make) throws Exception {
        Files.delete(tree.resolve(name));
        make.make(tree.resolve(name));
    }

    /** Opens every listed file in the ring, the names swapped once the opens are queued; the files still there. */
    private List<String> openInTheRing(WalkResult walk, Path tree, Path secret, Tally tally) throws Exception {
        FileOpener opener = new FileOpener(os, walk, reporter, FileOpener.Use.READ);
        List<String> kept = new ArrayList<>();
        try (ReadRing ring = os.readRing(NAMES.length, 4096)) {
            assumeTrue(ring.opens(), "this kernel has no IORING_OP_OPENAT");
            for (int f = 0; f < walk.files.size(); f++) {
                assertTrue(opener.queueOpen(ring, f, f), "a name not followed is opened in the ring");
            }
            swap(tree, secret);
            int[] slots = new int[NAMES.length];
            int[] results = new int[NAMES.length];
            for (int done = 0; done < NAMES.length; ) {
                int n = ring.submitAndWait(slots, results);
                for (int i = 0; i < n; i++, done++) {
                    keep(opener.opened(ring, slots[i], slots[i], results[i], tally), walk, slots[i], kept);
                }
            }
        }
        return kept;
    }

    /** The same, each file opened one system call at a time, the names swapped before. */
    private List<String> openHere(WalkResult walk, Path tree, Path secret, Tally tally) throws Exception {
        FileOpener opener = new FileOpener(os, walk, reporter, FileOpener.Use.READ);
        swap(tree, secret);
        List<String> kept = new ArrayList<>();
        for (int f = 0; f < walk.files.size(); f++) {
            keep(opener.open(f, tally), walk, f, kept);
        }
        return kept;
    }

    private static void keep(OpenFile file, WalkResult walk, int f, List<String> kept) throws SysException {
        if (file != null) {
            try (file) {
                kept.add(new String(walk.files.name(f)) + " " + file.stat().size);
            }
        }
    }

    private TreeSet<String> lines(String prefix, Path tree) {
        TreeSet<String> lines = new TreeSet<>();
        for (String l : messages.toString().split("\n")) {
            if (l.startsWith(prefix)) {
                lines.add(l.replace(tree.toString(), "TREE"));
            }
        }
        return lines;
    }

    @Test
    void aNameSwappedWhileItsOpenIsInTheRingIsToldAsAnOpenHereTellsIt() throws Exception {
        Path secret = Trees.file(tmp.resolve("outside/secret"), 7000, 9);
        Path ringTree = tree("ring");
        Path hereTree = tree("here");
        Tally inRing = new Tally();
        Tally here = new Tally();
        List<String> keptInRing;
        List<String> keptHere;
        try (WalkResult walk = list(ringTree)) {
            keptInRing = openInTheRing(walk, ringTree, secret, inRing);
        }
        TreeSet<String> ringLines = lines("dirdump: ", ringTree);
        messages.reset();
        try (WalkResult walk = list(hereTree)) {
            keptHere = openHere(walk, hereTree, secret, here);
        }
        TreeSet<String> hereLines = lines("dirdump: ", hereTree);

        assertEquals(List.of("keep 5000"), keptInRing, "only the file still the one listed: " + ringLines);
        assertEquals(keptHere, keptInRing);
        assertEquals(hereLines, ringLines);
        assertEquals(here.changed(), inRing.changed());
        assertEquals(here.errors(), inRing.errors());
        assertEquals(4, inRing.changed(), ringLines.toString());
        assertTrue(ringLines.contains("dirdump: TREE/to-device: is now a symbolic link; not read"), ringLines.toString());
        assertTrue(ringLines.contains("dirdump: TREE/to-secret: is now a symbolic link; not read"), ringLines.toString());
        assertTrue(ringLines.contains("dirdump: TREE/to-fifo: is now a fifo; not read"), ringLines.toString());
        assertTrue(ringLines.contains("dirdump: TREE/to-other: was replaced by another file since it was listed; not read"),
                ringLines.toString());
        assertEquals(5, ringLines.size(), "and one line for the file gone: " + ringLines);
    }

    /**
     * O_NOATIME is the owner's only: files not the user's are opened in the ring all the same (the open
     * again without it), and read back as they are.
     */
    @Test
    void filesNotTheUsersAreOpenedInTheRingWithoutNoAtime() throws Exception {
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path tree = tree("theirs");
        try (WalkResult walk = list(tree)) {
            Tally tally = new Tally();
            List<String> kept = AsUser.nobody(() -> {
                FileOpener opener = new FileOpener(os, walk, reporter, FileOpener.Use.READ);
                List<String> k = new ArrayList<>();
                try (ReadRing ring = os.readRing(NAMES.length, 4096)) {
                    assumeTrue(ring.opens(), "this kernel has no IORING_OP_OPENAT");
                    for (int f = 0; f < walk.files.size(); f++) {
                        assertTrue(opener.queueOpen(ring, f, f));
                    }
                    int[] slots = new int[NAMES.length];
                    int[] results = new int[NAMES.length];
                    for (int done = 0; done < NAMES.length; ) {
                        int n = ring.submitAndWait(slots, results);
                        for (int i = 0; i < n; i++, done++) {
                            OpenFile file = opener.opened(ring, slots[i], slots[i], results[i], tally);
                            assertNotNull(file, messages.toString());
                            keep(file, walk, slots[i], k);
                        }
                    }
                }
                return k;
            });
            assertEquals(NAMES.length, kept.size(), messages.toString());
            assertEquals(0, tally.errors(), messages.toString());
        }
    }
}
