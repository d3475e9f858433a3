package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dirdump.testing.BuiltJar;
import dirdump.testing.Filefrag;
import dirdump.testing.Launched;
import dirdump.testing.PageCache;
import dirdump.testing.RunSchema;
import dirdump.testing.ShortLoopDisk;
import dirdump.testing.Trees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pages whose read failed are not taken as cached: on ext4 over a loop device whose backing file was
 * cut short, WILLNEED advice leaves the pages past the cut in the page cache, not up to date (cachestat
 * counts them), and every read of them fails with EIO. status, --min-percent and a read that skips
 * cached files must see that.
 */
class IoErrorIT {
    private static final int MIB = 1 << 20;
    private static final String UNREADABLE = ": pages cached but unreadable (Input/output error)";

    @TempDir
    Path tmp;

    private ShortLoopDisk disk;
    private Path dir;
    /** Wholly before the cut: readable. */
    private Path good;
    /** Cut at 1 MiB of its 2: its first half is readable. */
    private Path mixed;
    /** Wholly past the cut. */
    private Path bad;

    @BeforeEach
    void brokenDisk() throws Exception {
        disk = ShortLoopDisk.create(tmp);
        dir = Files.createDirectories(disk.dir().resolve("D"));
        good = Trees.file(dir.resolve("good"), 256 << 10, 1);
        mixed = Trees.file(dir.resolve("mixed"), 2 * MIB, 2);
        bad = Trees.file(dir.resolve("bad"), 4 * MIB, 3);
        Trees.sync(files());
        Map<Path, Long> blocks = Filefrag.firstBlocks(files());
        long goodEnd = blocks.get(good) * 4096 + Files.size(good);
        long cut = blocks.get(mixed) * 4096 + MIB;
        assumeTrue(goodEnd <= cut - MIB && blocks.get(bad) * 4096 >= cut + MIB,
                "ext4 laid the files out in another order: " + blocks);
        PageCache.evict(files());
        disk.cut(cut);
        assertThrows(IOException.class, () -> Files.readAllBytes(bad), "the cut makes reads past it fail");
    }

    private List<Path> files() {
        return List.of(good, mixed, bad);
    }

    /**
     * Runs {@code checks} right after the pages past the cut were put in the page cache, not up to date:
     * the files evicted, then WILLNEED advice, whose reads past the cut fail where no one sees it, and
     * cachestat seen to count those pages (and good's, read whole). Another process that drops the whole
     * page cache meanwhile (drop_caches) takes them away, and the checks then find nothing unreadable: an
     * attempt that fails while the kernel counted a drop is made again from the eviction
     * ({@link PageCache#retryIfDropped}); a failure without one fails.
     */
    private void withFailedPagesCached(PageCache.Scenario checks) throws Exception {
        PageCache.retryIfDropped(() -> {
            PageCache.evict(files());
            Launched advised = BuiltJar.run("--method=willneed", "--force", "-q", dir.toString());
            assertEquals(0, advised.status(), advised.err());
            assertTrue(PageCache.residentPages(bad) > 0, "cachestat counts the pages of bad whose read failed");
            assertTrue(PageCache.residentPages(mixed, MIB, MIB) > 0, "and those of mixed past the cut");
            assertEquals(64, PageCache.residentPages(good), "good is cached whole");
            checks.run();
        });
    }

    @AfterEach
    void detach() throws Exception {
        if (disk != null) {
            disk.close();
        }
    }

    @Test
    void statusCountsUnreadablePagesAsNotCachedAndReportsTheirFiles() throws Exception {
        withFailedPagesCached(() -> {
            Launched status = BuiltJar.run("status", "-v", "-n", "-o", "PAGES,FILE", dir.toString());
            assertEquals(1, status.status(), status.err());
            assertTrue(status.err().contains(bad + UNREADABLE), status.err());
            assertTrue(status.err().contains(mixed + UNREADABLE), status.err());
            assertFalse(status.err().contains(good.toString()), status.err());
            Map<String, Long> pages = rows(status.out());
            assertEquals(64, pages.get(good.toString()), status.out());
            assertEquals(0, pages.get(bad.toString()), status.out());
            assertTrue(pages.get(mixed.toString()) <= 256, "none of mixed past the cut: " + status.out());
            assertFalse(status.err().contains("100.0 % resident"), status.err());
        });
    }

    @Test
    void jsonRecordNamesTheFiles() throws Exception {
        withFailedPagesCached(() -> {
            Launched status = BuiltJar.run("status", "--json", dir.toString());
            RunSchema.check(status.out());
            JsonObject record = status.json();
            assertEquals(1, record.get("exit_status").getAsInt());
            JsonObject errors = record.getAsJsonObject("reported_errors");
            assertEquals(2, errors.get("count").getAsInt(), status.out());
            for (JsonElement e : errors.getAsJsonArray("first")) {
                String path = e.getAsJsonObject().get("path").getAsString();
                assertTrue(path.equals(bad.toString()) || path.equals(mixed.toString()), status.out());
                assertEquals("pages cached but unreadable (Input/output error)",
                        e.getAsJsonObject().get("reason").getAsString());
            }
        });
    }

    @Test
    void minPercentFails() throws Exception {
        withFailedPagesCached(() -> {
            Launched status = BuiltJar.run("status", "-q", "--min-percent", "100", dir.toString());
            assertEquals(1, status.status(), status.err());
        });
    }

    @Test
    void readDoesNotSkipThemAsCached() throws Exception {
        withFailedPagesCached(() -> {
            Launched read = BuiltJar.run(dir.toString());
            assertEquals(1, read.status(), read.err());
            assertTrue(read.err().contains(bad + UNREADABLE), read.err());
            assertTrue(read.err().contains(mixed + UNREADABLE), read.err());
            assertTrue(read.err().contains("skipped: 1 (already cached 1)"), "only good: " + read.err());
            assertTrue(read.err().contains("errors: 2"), read.err());
        });
    }

    @Test
    void adviceReportsTheFilesItCannotBringIn() throws Exception {
        for (List<String> args : List.of(List.of("--method=willneed"), List.of("--method=willneed", "--force"))) {
            List<String> all = new ArrayList<>(args);
            all.add(dir.toString());
            withFailedPagesCached(() -> {
                Launched advice = BuiltJar.run(all.toArray(String[]::new));
                assertEquals(1, advice.status(), args + ": " + advice.err());
                assertTrue(advice.err().contains(bad + UNREADABLE), advice.err());
                assertTrue(advice.err().contains("errors: 2"), advice.err());
            });
        }
    }

    /** The -o PAGES,FILE table: pages by file. */
    private static Map<String, Long> rows(String table) {
        Map<String, Long> pages = new HashMap<>();
        for (String line : table.split("\n")) {
            String[] cells = line.trim().split(" +", 2);
            pages.put(cells[1], Long.parseLong(cells[0]));
        }
        return pages;
    }
}
