package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.testing.DirdumpRun;
import dirdump.testing.Trees;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OrderTest {
    @TempDir
    Path tmp;

    /** Files created in shuffled order, so that name, directory and inode order all differ. */
    private List<Path> shuffledFlatDirectory(int count) throws Exception {
        List<Integer> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ids.add(i);
        }
        Collections.shuffle(ids, new Random(42));
        List<Path> files = new ArrayList<>();
        for (int id : ids) {
            files.add(Trees.file(tmp.resolve(String.format("file%05d", id)), 100, id));
        }
        return files;
    }

    @Test
    void inodeOrderIsByInodeAcrossAllDirectories() throws Exception {
        Trees.randomTree(tmp, 400, 10, 9);
        List<String> read = DirdumpRun.of("--force", "-j", 1, "-v", "--order=inode", tmp).readOrder();
        assertEquals(400, read.size());
        long previous = -1;
        for (String p : read) {
            long ino = Trees.inode(Path.of(p));
            assertTrue(ino > previous, "inode order broken at " + p);
            previous = ino;
        }
    }

    @Test
    void theDefaultOrderIsAuto() {
        assertEquals("auto", DirdumpRun.json(tmp).summary().get("order").getAsString());
        assertEquals("auto", DirdumpRun.json(tmp, "--order=AUTO").summary().get("order").getAsString());
    }

    @Test
    void nosortReadsInTheOrderTheDirectoryListsItsEntries() throws Exception {
        shuffledFlatDirectory(500);
        // ls -U shows the directory's own order (ext4: hash order), unsorted.
        List<String> listed = Arrays.stream(Trees.shOutput(tmp, "ls -U -1").split("\n"))
                .map(name -> tmp.resolve(name).toString()).collect(Collectors.toList());

        List<String> nosort = DirdumpRun.of("--force", tmp, "-j", 1, "-v", "--nosort").readOrder();
        assertEquals(listed, nosort);
        assertEquals(nosort, DirdumpRun.of("--force", tmp, "-j", 1, "-v", "--order=none").readOrder());
        assertNotEquals(nosort, DirdumpRun.of("--force", tmp, "-j", 1, "-v", "--order=inode").readOrder(), "inode order should differ here");
    }

    @Test
    void nameOrderSortsEachDirectoryByName() throws Exception {
        List<Path> files = shuffledFlatDirectory(200);
        Trees.file(tmp.resolve("sub/b"), 1, 1);
        Trees.file(tmp.resolve("sub/a"), 1, 1);
        List<String> expected = files.stream().map(Path::toString).sorted().collect(Collectors.toList());
        expected.add(tmp.resolve("sub/a").toString());
        expected.add(tmp.resolve("sub/b").toString());
        assertEquals(expected, DirdumpRun.of("--force", tmp, "-j", 1, "-v", "--order=name").readOrder());
    }

    @Test
    void contradictoryOrdersAreAUsageError() {
        DirdumpRun run = DirdumpRun.of(tmp, "--nosort", "--order=inode");
        assertEquals(2, run.status());
        assertTrue(run.err().contains("contradict"), run.err());
        assertEquals(2, DirdumpRun.of(tmp, "--order=sideways").status());
    }

    @Test
    void oneOrderForTheWholeRunAcrossSeveralPaths() throws Exception {
        Trees.randomTree(tmp.resolve("x"), 50, 10, 10);
        Trees.randomTree(tmp.resolve("y"), 50, 10, 11);
        List<String> read = DirdumpRun.of("--force", "-j", 1, "-v", "--order=inode", tmp.resolve("y"), tmp.resolve("x")).readOrder();
        assertEquals(100, read.size());
        List<Long> inodes = new ArrayList<>();
        for (String p : read) {
            inodes.add(Trees.inode(Path.of(p)));
        }
        List<Long> sorted = new ArrayList<>(inodes);
        Collections.sort(sorted);
        assertEquals(sorted, inodes);
    }

    @Test
    void maxDepthLimitsHowDeepFilesAreRead() throws Exception {
        Trees.file(tmp.resolve("top"), 1, 1);
        Trees.file(tmp.resolve("a/one"), 1, 1);
        Trees.file(tmp.resolve("a/b/two"), 1, 1);
        assertEquals(1, DirdumpRun.json("--force", tmp, "--max-depth", "1").count("files_read"));
        assertEquals(2, DirdumpRun.json("--force", tmp, "--max-depth", "2").count("files_read"));
        assertEquals(3, DirdumpRun.json("--force", tmp, "--max-depth", "3").count("files_read"));
        assertEquals(0, DirdumpRun.json("--force", tmp, "--max-depth", "0").count("files_read"));
        assertEquals(List.of(tmp.resolve("top").toString()),
                DirdumpRun.of("--force", "-v", tmp, "--max-depth", "1").readOrder(), "only the file directly in PATH");
        DirdumpRun negative = DirdumpRun.of(tmp, "--max-depth", "-1");
        assertEquals(2, negative.status());
        assertTrue(negative.err().contains("--max-depth must be 0 or more"), negative.err());
    }
}
