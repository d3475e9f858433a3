package dirdump.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.testing.DirdumpRun;
import dirdump.testing.PageCache;
import dirdump.testing.Tools;
import dirdump.testing.Trees;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The commands that only look (status, order, a read's check of what is cached already) leave the page
 * cache as they found it, and evict reads nothing. The case of issue 33: a file of 20 MiB evicted, then
 * its first 4 KiB read by dd, whose read-ahead leaves a few pages cached, one with the kernel's
 * read-ahead mark; a read of that page, even preadv2(RWF_NOWAIT) on a descriptor advised
 * POSIX_FADV_RANDOM (Linux 6.18), starts read-ahead of the next window, so that each status run found
 * more of it cached (4, 28, 223 pages). The oracles are fincore(1) and cachestat page by page, before and
 * after ten runs; a scenario that the kernel's reclaim or DAMON's pageout disturbs is run again
 * (PageCache.retryIfDropped), and each is over in well under a second.
 */
class ResidencyUntouchedTest {
    private static final int MIB = 1 << 20;

    @TempDir
    Path tmp;

    private Path dir;
    private Path big;

    @BeforeEach
    void setUp() throws Exception {
        Tools.which("fincore");
        Tools.which("dd");
        dir = tmp.resolve("set");
        big = Trees.file(dir.resolve("big20M"), 20 * MIB, 33);
    }

    @Test
    void statusTenTimesLeavesAPartlyCachedFileAsItWas() throws Exception {
        unchangedBy(List.of("status", "-q"), List.of("status", "-v", "-b"), List.of("status", "--method=mincore", "-q"),
                List.of("status", "--json"));
    }

    @Test
    void aReadWhoseRangeIsCachedLeavesTheRestAsItWas() throws Exception {
        unchangedBy(List.of("--range", "0-16K", "-q"));
    }

    @Test
    void orderTenTimesLeavesItAsItWas() throws Exception {
        unchangedBy(List.of("order"), List.of("order", "--order=physical"));
    }

    @Test
    void evictLeavesNothingAndReadsNothing() throws Exception {
        PageCache.retryIfDropped(() -> {
            partlyCached();
            assertTrue(PageCache.residentPages(big) > 0);
            DirdumpRun evict = DirdumpRun.of("evict", "-q", dir);
            assertEquals(0, evict.status(), evict.err());
            assertEquals("", PageCache.residentPageRanges(big), "evict leaves no page, and reads none in");
            assertEquals("0 0", fincore(), "fincore after evict");
        });
    }

    /** Each command run ten times over the partly cached file: its pages the same before and after, page by page. */
    @SafeVarargs
    private void unchangedBy(List<String>... commands) throws Exception {
        PageCache.retryIfDropped(() -> {
            partlyCached();
            String pages = PageCache.residentPageRanges(big);
            String fincore = fincore();
            assertTrue(!pages.isEmpty() && !pages.startsWith("0-" + (20 * MIB / PageCache.PAGE - 1)),
                    "dd's read-ahead leaves part of it cached: " + pages);
            for (List<String> command : commands) {
                for (int run = 1; run <= 10; run++) {
                    Object[] args = new Object[command.size() + 1];
                    command.toArray(args);
                    args[command.size()] = dir;
                    DirdumpRun r = DirdumpRun.of(args);
                    assertEquals(0, r.status(), command + ": " + r.err());
                    assertEquals(pages, PageCache.residentPageRanges(big), command + ", run " + run + ": pages cached");
                }
            }
            assertEquals(fincore, fincore(), "fincore before and after");
        });
    }

    /** Evicted, then its first 4 KiB read by dd: what the kernel's read-ahead of that read leaves cached. */
    private void partlyCached() throws Exception {
        PageCache.evict(List.of(big));
        assertEquals(0, Trees.sh(dir, "dd if=big20M of=/dev/null bs=4k count=1 status=none"));
    }

    /** fincore's bytes and pages resident, as "RES PAGES". */
    private String fincore() throws Exception {
        return Trees.shOutput(dir, "fincore -b -n -o RES,PAGES big20M").trim().replaceAll("\\s+", " ");
    }
}
