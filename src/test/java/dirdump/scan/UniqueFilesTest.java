package dirdump.scan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.outcome.Reporter;
import dirdump.outcome.Tally;
import dirdump.report.StderrReporter;
import dirdump.sys.Os;
import dirdump.sys.PathNames;
import dirdump.testing.Trees;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UniqueFilesTest {
    @TempDir
    Path tmp;

    private final Reporter reporter = new StderrReporter(new PrintStream(OutputStream.nullOutputStream()),
            StderrReporter.Verbosity.QUIET);

    /** The files a streamed read kept, as listed (one device here), and the same files as only() has them by inode. */
    @Test
    void asListedKeepsTheListingOrderOfTheSameFilesAsOnly() throws Exception {
        Trees.randomTree(tmp, 200, 100, 3);
        WalkResult walk = new Walker(Os.load(reporter::warning),
                new WalkSettings(false, false, Integer.MAX_VALUE, PathFilter.NONE), reporter, new Tally())
                .walk(List.of(PathNames.bytes(tmp.toString())), null);
        int n = walk.files.size();
        BitSet kept = new BitSet();
        for (int f = 0; f < n; f += 3) {
            kept.set(f);
        }
        int[] listed = kept.stream().toArray();

        UniqueFiles asListed = UniqueFiles.asListed(walk, kept);
        UniqueFiles byInode = UniqueFiles.only(walk, kept);

        assertArrayEquals(listed, asListed.byInode());
        assertArrayEquals(listed, asListed.of(IndexSort.identity(n)));
        assertArrayEquals(listed, byInode.of(IndexSort.identity(n)));
        assertEquals(listed.length, byInode.byInode().length);
        for (int i = 1; i < listed.length; i++) {
            assertTrue(walk.files.ino(byInode.byInode()[i - 1]) < walk.files.ino(byInode.byInode()[i]));
        }
    }
}
