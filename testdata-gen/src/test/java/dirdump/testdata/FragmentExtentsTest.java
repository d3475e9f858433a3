package dirdump.testdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dirdump.sys.Extent;
import dirdump.sys.OpenFile;
import dirdump.sys.Os;
import dirdump.sys.SysException;
import dirdump.testing.ByPath;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --fragment really scatters extents where FIEMAP can show it (skipped where it cannot, as on tmpfs). */
class FragmentExtentsTest {
    @TempDir
    Path tmp;

    /** The share of the files of at least three blocks that lie in one extent. */
    private static double shareInOneExtent(Path out) throws IOException {
        Os os = Os.load(warning -> { });
        List<Path> large = TreeFacts.files(out).stream().filter(f -> TreeFacts.size(f) > 8192).toList();
        int whole = 0;
        for (Path f : large) {
            try (OpenFile file = ByPath.open(os, f)) {
                Extent first = file.firstExtent(true);  // sync: delayed allocation decides at writeback
                whole += first != null && first.length() >= TreeFacts.size(f) ? 1 : 0;
            } catch (SysException e) {
                assumeTrue(false, "FIEMAP does not work here: " + e.getMessage());
            }
        }
        assertTrue(large.size() > 50, "enough files of three blocks or more: " + large.size());
        return (double) whole / large.size();
    }

    @Test
    void fragmentedFilesLieInSeveralExtentsAndPlainOnesInOne() throws IOException {
        Path plain = tmp.resolve("plain");
        Path fragmented = tmp.resolve("fragmented");
        assertEquals(0, GenRun.of(plain, "--files", 500, "--seed", 11).status());
        assertEquals(0, GenRun.of(fragmented, "--files", 500, "--seed", 11, "--fragment").status());

        double plainShare = shareInOneExtent(plain);
        double fragmentedShare = shareInOneExtent(fragmented);
        assertTrue(plainShare > 0.9, "plain files in one extent: " + plainShare);
        assertTrue(fragmentedShare < 0.1, "fragmented files in one extent: " + fragmentedShare);
    }
}
