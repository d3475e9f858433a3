package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dirdump.testing.AsUser;
import dirdump.testing.DirdumpRun;
import dirdump.testing.PageCache;
import dirdump.testing.Trees;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A read skips files whose every page is cached already, and says how much was cached before and after. */
class AlreadyCachedTest {
    @TempDir
    Path tmp;

    @Test
    void aSecondReadSkipsEveryFileAsAlreadyCachedAndForceReadsThemAgain() throws Exception {
        List<Path> files = Trees.randomTree(tmp, 40, 70_000, 1);
        files.removeIf(f -> f.toFile().length() == 0);
        PageCache.retryIfDropped(() -> {
            PageCache.evict(files);

            DirdumpRun cold = DirdumpRun.json(tmp);
            assertEquals(0, cold.status(), cold.err());
            assertEquals(files.size(), cold.count("files_read"));
            assertEquals(0, cold.skipped("already_cached"));
            assertEquals(0.0, cold.pageCache("before").get("percent").getAsDouble());
            assertEquals(0, cold.pageCache("before").get("pages_resident").getAsLong());
            assertEquals(100.0, cold.pageCache("after").get("percent").getAsDouble());
            long pages = cold.pageCache("after").get("pages").getAsLong();
            assertEquals(pages, cold.pageCache("after").get("pages_resident").getAsLong());

            DirdumpRun warm = DirdumpRun.json(tmp);
            assertEquals(0, warm.status(), "already cached is not a failure");
            assertEquals(0, warm.count("files_read"));
            assertEquals(files.size(), warm.skipped("already_cached"));
            assertEquals(files.size(), warm.skipped("total"));
            assertEquals(pages, warm.pageCache("before").get("pages_resident").getAsLong());

            DirdumpRun verbose = DirdumpRun.of("-v", tmp);
            assertTrue(verbose.err().contains(files.get(0) + ": skipped: already cached"), verbose.err());
            assertTrue(verbose.err().contains("skipped: " + files.size() + " (already cached " + files.size() + ")"),
                    verbose.err());
            assertTrue(verbose.err().contains("page cache: 100.0 % of " + String.format("%,d", pages)
                    + " pages resident before, 100.0 % after"), verbose.err());

            DirdumpRun forced = DirdumpRun.json("--force", tmp);
            assertEquals(files.size(), forced.count("files_read"));
            assertEquals(Trees.totalSize(files), forced.count("bytes_read"));
            assertEquals(0, forced.skipped("already_cached"));
        });
    }

    @Test
    void aFileWithSomePagesCachedIsReadAndAnEmptyFileIsAlwaysRead() throws Exception {
        Path partly = Trees.file(tmp.resolve("partly"), 10 * 4096, 1);
        Trees.file(tmp.resolve("empty"), 0, 2);
        byte[] firstPage = java.util.Arrays.copyOf(Files.readAllBytes(partly), 4096);
        PageCache.retryIfDropped(() -> {
            PageCache.evict(List.of(partly));
            // Rewriting one whole page caches it without reading, and so without readahead.
            try (FileChannel c = FileChannel.open(partly, StandardOpenOption.WRITE)) {
                c.write(ByteBuffer.wrap(firstPage), 0);
            }
            assertEquals(1, PageCache.residentPages(partly));

            DirdumpRun run = DirdumpRun.json(tmp);
            assertEquals(2, run.count("files_read"), "partly cached, and empty (0 of 0 pages says nothing: /proc files have size 0)");
            assertEquals(0, run.skipped("already_cached"));
            assertEquals(1, run.pageCache("before").get("pages_resident").getAsLong());
            assertEquals(10, run.pageCache("before").get("pages").getAsLong());
            assertEquals(10.0, run.pageCache("before").get("percent").getAsDouble());

            DirdumpRun again = DirdumpRun.json(tmp);
            assertEquals(1, again.count("files_read"), "the empty file");
            assertEquals(1, again.skipped("already_cached"));
        });
    }

    @Test
    void aFileOfUnknownResidencyIsReadEveryTimeAndCountedApart() throws Exception {
        assumeTrue(AsUser.isRoot(), "needs a file owned by another user; only root can make one");
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path theirs = Trees.file(tmp.resolve("theirs"), 5000, 1);
        Files.setPosixFilePermissions(theirs, PosixFilePermissions.fromString("rw-r--r--"));

        for (int i = 0; i < 2; i++) {
            DirdumpRun run = AsUser.nobody(() -> DirdumpRun.json(tmp));
            assertEquals(0, run.status(), run.err());
            assertEquals(1, run.count("files_read"));
            assertEquals(1, run.pageCache("before").get("unknown_files").getAsLong());
            assertEquals(0, run.pageCache("before").get("files").getAsLong());
            assertTrue(run.pageCache("before").get("percent").isJsonNull(), "no number when nothing was measured");
        }
        DirdumpRun human = AsUser.nobody(() -> DirdumpRun.of(tmp));
        assertTrue(human.err().contains("  page cache: 1 file of unknown residency\n"), human.err());
    }
}
