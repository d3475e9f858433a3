package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dirdump.testing.AsUser;
import dirdump.testing.DirdumpRun;
import dirdump.testing.FaultFs;
import dirdump.testing.PageCache;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A read-ahead that failed in the middle of a long cached range (IoErrorIT has the ranges that fail to
 * their end): a FUSE file of 2 MiB whose first MiB fails with EIO, its last page read first, then
 * WILLNEED advice over it all (the mount's read-ahead window set to 4 MiB, so that one advice covers
 * it): every page is in the cache, the first 256 not up to date, and cat fails on the file. A read
 * after it reports the file's error (exit 1), as cat does; before, it took the file as cached (exit 0).
 */
class FailedReadAheadTest {
    private static final int MIB = 1 << 20;

    @TempDir
    Path tmp;

    @Test
    void aReadAfterAFailedWillneedReportsTheFilesError() throws Exception {
        assumeTrue(AsUser.isRoot(), "setting a mount's read-ahead window needs root");
        try (FaultFs fs = FaultFs.mount(tmp.resolve("mnt"), FaultFs.eio("f", 2 * MIB, 0, MIB))) {
            fs.readAheadKb(4096);
            Path f = fs.path("f");
            try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "r")) {
                raf.seek(2 * MIB - PageCache.PAGE);
                raf.readFully(new byte[PageCache.PAGE]);  // its last page, read before the advice: up to date
            }
            DirdumpRun advised = DirdumpRun.of("--method=willneed", "--force", "-q", fs.dir());
            assertTrue(advised.status() <= 1, advised.err());
            assumeTrue(PageCache.residentPages(f) == 2 * MIB / PageCache.PAGE,
                    "the advice put every page in the cache (cachestat): " + PageCache.residentPageRanges(f));
            assertThrows(IOException.class, () -> Files.readAllBytes(f), "cat fails on it");

            DirdumpRun read = DirdumpRun.of(fs.dir());
            assertEquals(1, read.status(), read.err());
            assertTrue(read.err().contains(f + ": pages cached but unreadable (Input/output error)"), read.err());
        }
    }
}
