package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dirdump.testing.AsUser;
import dirdump.testing.DirdumpRun;
import dirdump.testing.PageCache;
import dirdump.testing.Tools;
import dirdump.testing.Trees;
import dirdump.testing.Untouched;
import java.lang.ref.Reference;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EvictCommandTest {
    @TempDir
    Path tmp;

    @Test
    void afterEvictStatusShowsNothingResidentAndAfterAReadEverything() throws Exception {
        List<Path> files = Trees.randomTree(tmp, 40, 60_000, 1);
        PageCache.retryIfDropped(() -> {
            Trees.sync(files);
            assertEquals(0, DirdumpRun.of("-q", "--force", tmp).status(), "everything cached to start with");

            DirdumpRun evict = DirdumpRun.json("evict", tmp);
            assertEquals(0, evict.status(), evict.err());
            assertEquals(files.size(), evict.count("files_evicted"));
            long pages = evict.pageCache("before").get("pages").getAsLong();
            assertEquals(pages, evict.pageCache("before").get("pages_resident").getAsLong());
            assertEquals(0, evict.pageCache("after").get("pages_resident").getAsLong());

            DirdumpRun cold = DirdumpRun.json("status", tmp);
            assertEquals(0.0, cold.summary().get("percent").getAsDouble());
            assertEquals(0, cold.count("pages_resident"));
            assertEquals(pages, cold.count("pages"));

            assertEquals(0, DirdumpRun.of("-q", tmp).status());
            DirdumpRun warm = DirdumpRun.json("status", tmp);
            assertEquals(100.0, warm.summary().get("percent").getAsDouble());
            assertEquals(pages, warm.count("pages_resident"));
        });
    }

    @Test
    void pagesThatStayAreCountedAndExplained() throws Exception {
        Path mapped = Trees.file(tmp.resolve("mapped/file"), 16 * 4096, 1);
        Path plain = Trees.file(tmp.resolve("plain/file"), 4 * 4096, 2);
        Trees.sync(List.of(mapped, plain));
        PageCache.retryIfDropped(() -> {
            Files.readAllBytes(plain);
            DirdumpRun clean = DirdumpRun.of("evict", plain);
            assertTrue(clean.err().contains("page cache: 100.0 % of 4 pages resident before, 0.0 % after"), clean.err());
            assertFalse(clean.err().contains("still resident"), clean.err());

            try (FileChannel c = FileChannel.open(mapped, StandardOpenOption.READ)) {
                // Pages a process maps are not dropped while it maps them: a certain way to leave some.
                MappedByteBuffer map = c.map(FileChannel.MapMode.READ_ONLY, 0, 16 * 4096).load();
                DirdumpRun kept = DirdumpRun.of("evict", "-v", mapped);
                assertEquals(1, kept.status(), "the cache is not cold: " + kept.err());
                assertTrue(kept.err().contains(mapped + ": 16 -> 16 of 16 pages resident"), kept.err());
                assertTrue(kept.err().contains("dirdump: " + mapped + ": 16 of 16 pages still in the page cache (mapped "
                        + "or locked by a process, or written to meanwhile)"), kept.err());
                assertTrue(kept.err().contains("dirdump: evicted 0 files from the page cache"), kept.err());
                assertTrue(kept.err().contains("  16 pages of 1 file still resident (each told above)"), kept.err());
                Reference.reachabilityFence(map);
            }
        });
    }

    /**
     * Files just written: their pages are dirty, and DONTNEED alone only starts their writeback and drops
     * none of them (issue 33: "evicted 2,000 files", exit 0, and a warm cache). Written back first, all
     * go; with --no-writeback they stay, and the line and the exit status say so.
     */
    @Test
    void dirtyPagesAreWrittenBackAndDropped() throws Exception {
        Tools.which("fincore");
        List<Path> files = List.of(Trees.file(tmp.resolve("new/a"), 8 << 20, 1), Trees.file(tmp.resolve("new/b"), 8 << 20, 2));
        assertEquals(4096, PageCache.residentPages(files), "just written: all cached, dirty");
        DirdumpRun evict = DirdumpRun.json("evict", tmp.resolve("new"));
        assertEquals(0, evict.status(), evict.err());
        assertEquals(2, evict.count("files_evicted"));
        assertEquals(0, evict.pageCache("after").get("pages_resident").getAsLong());
        assertEquals(0, PageCache.residentPages(files), "nothing left cached (cachestat)");
        assertEquals("0 0", Trees.shOutput(tmp, "fincore -b -n -o RES,PAGES new/a new/b | sort -u").trim()
                .replaceAll("\\s+", " "), "nothing left cached (fincore)");
        assertTrue(evict.summary().getAsJsonObject("settings").get("writeback").getAsBoolean());

        Path c = Trees.file(tmp.resolve("kept/c"), 8 << 20, 3);
        DirdumpRun kept = DirdumpRun.of("evict", "--no-writeback", tmp.resolve("kept"));
        long left = PageCache.residentPages(c);
        assumeTrue(left > 0, "the kernel wrote every page back before DONTNEED looked at them");
        assertEquals(1, kept.status(), kept.err());
        assertTrue(kept.err().contains("dirdump: " + c + ": "), kept.err());
        assertTrue(kept.err().contains(" of 2,048 pages still in the page cache (dirty, not written back: "
                + "--no-writeback; or mapped or locked by a process)"), kept.err());
        PageCache.evict(List.of(c));
    }

    @Test
    void evictNeverWrites() throws Exception {
        Untouched files = Untouched.of(Trees.randomTree(tmp, 20, 30_000, 3));
        assertEquals(0, DirdumpRun.of("evict", "-q", tmp).status());
        files.assertUnchanged();
    }

    @Test
    void aFileNeitherOwnedNorWritableIsEvictedAndItsResidencyUnknown() throws Exception {
        assumeTrue(AsUser.isRoot(), "needs a file owned by another user; only root can make one");
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path theirs = Trees.file(tmp.resolve("theirs"), 6 * 4096, 1);
        Files.setPosixFilePermissions(theirs, PosixFilePermissions.fromString("rw-r--r--"));
        Trees.sync(List.of(theirs));
        PageCache.retryIfDropped(() -> {
            Files.readAllBytes(theirs);
            assertEquals(6, PageCache.residentPages(theirs));
            for (String method : new String[] {"auto", "mincore"}) {
                DirdumpRun run = AsUser.nobody(() -> DirdumpRun.json("evict", tmp, "--method", method));
                assertEquals(0, run.status(), run.err());
                assertEquals(1, run.count("files_evicted"));
                assertEquals(1, run.pageCache("before").get("unknown_files").getAsLong(), method);
                assertEquals(0, run.pageCache("before").get("pages").getAsLong(), method);
                assertEquals(0, PageCache.residentPages(theirs), "evicted all the same, without root");
            }
        });
    }

    @Test
    void walkOptionsBeforeEvictApplyToIt() throws Exception {
        Trees.file(tmp.resolve("a.h5"), 5000, 1);
        Trees.file(tmp.resolve("c.txt"), 5000, 3);
        DirdumpRun evict = DirdumpRun.of("--exclude", "*.txt", "evict", "--json", tmp);
        assertEquals(0, evict.status(), evict.err());
        assertEquals(1, evict.count("files_evicted"));
    }
}
