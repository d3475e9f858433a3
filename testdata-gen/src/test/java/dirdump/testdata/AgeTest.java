package dirdump.testdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --age: the same arguments give the same aged tree, and in it the files are no longer in inode order. */
class AgeTest {
    private static final SizeModel SIZES = SizeModel.withSigma(SizeModel.DEFAULT_MIN, SizeModel.DEFAULT_MAX,
            SizeModel.DEFAULT_MEAN, SizeModel.DEFAULT_SIGMA);

    @TempDir
    Path tmp;

    @Test
    void theSameArgumentsGiveTheSameAgedTree() throws IOException {
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        Path fresh = tmp.resolve("fresh");
        GenRun ran = GenRun.of(a, "--files", 900, "--dirs", 6, "--depth", 2, "--seed", 5, "--age");
        assertEquals(0, ran.status(), ran.err());
        assertEquals(0, GenRun.of(b, "--files", 900, "--dirs", 6, "--depth", 2, "--seed", 5, "--age").status());
        assertEquals(0, GenRun.of(fresh, "--files", 900, "--dirs", 6, "--depth", 2, "--seed", 5).status());
        assertEquals(TreeFacts.digest(a), TreeFacts.digest(b));
        assertNotEquals(TreeFacts.digest(fresh), TreeFacts.digest(a));

        Aging aging = Layout.plan(900, 6, 2, SIZES, 5, true).aging;
        int now = 900 - aging.count(Aging.Kind.DELETE) + aging.count(Aging.Kind.NEW);
        assertEquals(now, TreeFacts.files(a).size());
        assertTrue(ran.err().contains("aged: " + aging.count(Aging.Kind.DELETE) + " deleted"), ran.err());
        // Each step did what it says, to the file it names, against the fresh tree of the same arguments.
        Layout layout = Layout.plan(900, 6, 2, SIZES, 5, true);
        for (int step = 0; step < aging.steps(); step++) {
            int f = aging.file[step];
            Path before = fresh.resolve(fresh.relativize(where(fresh, layout, f)));
            Path after = a.resolve(fresh.relativize(before));
            switch (aging.kind[step]) {
                case DELETE -> assertTrue(Files.notExists(after), after.toString());
                case APPEND -> assertEquals(Files.size(before) + aging.size[step], Files.size(after), after.toString());
                case REWRITE -> assertEquals(aging.size[step], Files.size(after), after.toString());
                case NEW -> assertEquals(1, TreeFacts.files(a).stream()
                        .filter(p -> p.getFileName().toString().equals(aging.newName(f))).count());
            }
        }
    }

    /**
     * On a file system that hands freed inode numbers out again (ext2 to ext4, XFS, btrfs: not tmpfs),
     * files written after the deletions take the numbers they freed: inode order is no longer the order
     * in which the files now there were written, as on a file system that has aged.
     */
    @Test
    void anAgedTreeIsNoLongerInTheOrderItWasWritten() throws IOException {
        String type = Files.getFileStore(tmp).type();
        assumeTrue(Set.of("ext2", "ext3", "ext4", "xfs", "btrfs").contains(type),
                "needs a file system that reuses freed inode numbers; the temporary directory is on " + type);
        Path set = tmp.resolve("set");
        assertEquals(0, GenRun.of(set, "--files", 3000, "--seed", 2, "--age").status());
        Layout layout = Layout.plan(3000, 1, 0, SIZES, 2, true);
        Aging aging = layout.aging;
        // The names in the order they were last created: the set's, less those the steps touched, then the steps'.
        List<String> written = new ArrayList<>();
        boolean[] recreatedOrGone = new boolean[layout.files];
        for (int step = 0; step < aging.steps(); step++) {
            if (aging.kind[step] == Aging.Kind.DELETE || aging.kind[step] == Aging.Kind.REWRITE) {
                recreatedOrGone[aging.file[step]] = true;
            }
        }
        for (int f : layout.creationOrder) {
            if (!recreatedOrGone[f]) {
                written.add(layout.fileName(f));
            }
        }
        for (int step = 0; step < aging.steps(); step++) {
            if (aging.kind[step] == Aging.Kind.REWRITE) {
                written.add(layout.fileName(aging.file[step]));
            } else if (aging.kind[step] == Aging.Kind.NEW) {
                written.add(aging.newName(aging.file[step]));
            }
        }
        List<String> byInode = TreeFacts.files(set).stream().sorted(Comparator.comparingLong(TreeFacts::inode))
                .map(p -> p.getFileName().toString()).toList();
        assertEquals(written.size(), byInode.size());
        int outOfOrder = 0;
        for (int i = 1; i < byInode.size(); i++) {
            outOfOrder += written.indexOf(byInode.get(i)) < written.indexOf(byInode.get(i - 1)) ? 1 : 0;
        }
        assertTrue(outOfOrder > byInode.size() / 20, outOfOrder + " of " + byInode.size()
                + " files in inode order written before the one before them");
    }

    private static Path where(Path out, Layout layout, int f) {
        Path dir = out;
        List<String> chain = new ArrayList<>();
        for (int d = layout.fileDir[f]; d > 0; d = layout.parent[d]) {
            chain.add(0, layout.dirName(d));
        }
        for (String name : chain) {
            dir = dir.resolve(name);
        }
        return dir.resolve(layout.fileName(f));
    }
}
