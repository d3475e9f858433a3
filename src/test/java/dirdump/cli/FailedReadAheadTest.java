package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dirdump.testing.AsUser;
import dirdump.testing.DirdumpRun;
import dirdump.testing.FaultFs;
import dirdump.testing.Filefrag;
import dirdump.testing.PageCache;
import dirdump.testing.ShortLoopDisk;
import dirdump.testing.Trees;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A read-ahead that failed in the middle of a long cached range (IoErrorIT has the ranges that fail to
 * their end): a file's last page read first, then the device fails under the rest, then WILLNEED advice
 * over it all (the read-ahead window set to 8 MiB, so that one advice covers it): every page is in the
 * cache, all but the last not up to date, and cat fails on the file. A read after it reports the file's
 * error (exit 1), as cat does; before, it took the file as cached (exit 0). On ext4 over a loop device
 * cut short (preadv2 RWF_NOWAIT and mincore), and on FUSE (mincore alone).
 */
class FailedReadAheadTest {
    private static final int MIB = 1 << 20;

    @TempDir
    Path tmp;

    @Test
    void onExt4AReadAfterAFailedWillneedReportsTheFilesError() throws Exception {
        try (ShortLoopDisk disk = ShortLoopDisk.create(tmp)) {
            Path dir = Files.createDirectories(disk.dir().resolve("D"));
            Trees.file(dir.resolve("pad"), MIB, 1);
            Path f = Trees.file(dir.resolve("f"), 2 * MIB, 2);
            Trees.sync(List.of(dir.resolve("pad"), f));
            long first = Filefrag.firstBlocks(List.of(f)).get(f);
            PageCache.evict(List.of(f));
            readLastPage(f);
            String device = Trees.shOutput(tmp, "findmnt -n -o SOURCE '" + disk.dir() + "'").trim();
            Path ra = Path.of("/sys/block/" + Path.of(device).getFileName() + "/queue/read_ahead_kb");
            assumeTrue(Files.isWritable(ra), "cannot set the read-ahead of " + device);
            Files.writeString(ra, "8192\n");  // the loop device this test made, detached at its end
            disk.cut(first * PageCache.PAGE);  // the whole file past the cut: all but its last page fail
            failedAdviceThenRead(dir, f);
        }
    }

    @Test
    void onFuseAReadAfterAFailedWillneedReportsTheFilesError() throws Exception {
        assumeTrue(AsUser.isRoot(), "setting a mount's read-ahead window needs root");
        try (FaultFs fs = FaultFs.mount(tmp.resolve("mnt"), FaultFs.eio("f", 2 * MIB, 0, MIB))) {
            fs.readAheadKb(4096);
            Path f = fs.path("f");
            readLastPage(f);
            failedAdviceThenRead(fs.dir(), f);
        }
    }

    /** Its last page, read before the advice: up to date. */
    private static void readLastPage(Path f) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "r")) {
            raf.seek(raf.length() - PageCache.PAGE);
            raf.readFully(new byte[PageCache.PAGE]);
        }
    }

    /** WILLNEED advice over {@code dir}, whose reads of {@code f} fail, then a read. */
    private static void failedAdviceThenRead(Path dir, Path f) throws Exception {
        DirdumpRun advised = DirdumpRun.of("--method=willneed", "--force", "-q", dir);
        assertTrue(advised.status() <= 1, advised.err());
        assumeTrue(PageCache.residentPages(f) == 2 * MIB / PageCache.PAGE,
                "the advice put every page in the cache (cachestat): " + PageCache.residentPageRanges(f));
        assertThrows(IOException.class, () -> Files.readAllBytes(f), "cat fails on it");

        DirdumpRun read = DirdumpRun.of(dir);
        assertEquals(1, read.status(), read.err());
        assertTrue(read.err().contains(f + ": pages cached but unreadable (Input/output error)"), read.err());
    }
}
