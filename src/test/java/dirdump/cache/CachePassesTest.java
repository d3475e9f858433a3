package dirdump.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dirdump.order.LocateMethod;
import dirdump.order.Order;
import dirdump.order.OrderSettings;
import dirdump.order.Orderer;
import dirdump.outcome.Reporter;
import dirdump.outcome.Tally;
import dirdump.report.StderrReporter;
import dirdump.scan.PathFilter;
import dirdump.scan.UniqueFiles;
import dirdump.scan.WalkResult;
import dirdump.scan.WalkSettings;
import dirdump.scan.Walker;
import dirdump.sys.Os;
import dirdump.sys.PathNames;
import dirdump.testing.PageCache;
import dirdump.testing.Trees;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * cache's passes in this JVM on a real tree: EvictPass, StatusPass and the snapshot status --save
 * writes, each against the pages the test chose to leave cached (written after an eviction: cached
 * without readahead) and the kernel's count of them (cachestat).
 */
class CachePassesTest {
    private static final int PAGE = PageCache.PAGE;
    private static final Reporter QUIET = new StderrReporter(new PrintStream(OutputStream.nullOutputStream()),
            StderrReporter.Verbosity.QUIET);
    private static final Os OS = Os.load(QUIET::warning);
    private static final ResidencyProbe PROBE = new ResidencyProbe(ProbeMethod.AUTO);

    @TempDir
    Path tmp;

    /** The tree's files listed and in inode order; the caller closes it. */
    private static WalkResult walk(Path root) {
        return new Walker(OS, new WalkSettings(false, false, Integer.MAX_VALUE, PathFilter.NONE), QUIET, new Tally())
                .walk(List.of(PathNames.bytes(root.toString())), null);
    }

    private static int[] sequence(WalkResult walk) {
        return Orderer.plan(walk, UniqueFiles.of(walk, new Tally(), QUIET),
                new OrderSettings(Order.INODE, LocateMethod.AUTO, false), OS, QUIET).sequence();
    }

    /** Files of whole pages, each left with the byte range of its value cached (from, to), synced. */
    private Map<Path, long[]> chosen() throws Exception {
        Map<Path, long[]> cached = new LinkedHashMap<>();
        cached.put(Trees.file(tmp.resolve("set/a"), 16 * PAGE, 1), new long[] {0, 4 * PAGE});
        cached.put(Trees.file(tmp.resolve("set/b"), 8 * PAGE, 2), new long[] {2 * PAGE, 5 * PAGE});
        cached.put(Trees.file(tmp.resolve("set/sub/c"), 4 * PAGE, 3), new long[] {0, 4 * PAGE});
        cached.put(Trees.file(tmp.resolve("set/sub/d"), 6 * PAGE, 4), new long[] {0, 0});
        Trees.sync(cached.keySet());
        for (Map.Entry<Path, long[]> e : cached.entrySet()) {
            PageCache.cacheOnly(e.getKey(), e.getValue()[0], e.getValue()[1]);
        }
        Trees.sync(cached.keySet());
        return cached;
    }

    private static long chosenPages(Map<Path, long[]> cached) {
        return cached.values().stream().mapToLong(r -> (r[1] - r[0]) / PAGE).sum();
    }

    @Test
    void statusCountsThePagesLeftCachedFileByFileWithAnyNumberOfThreads() throws Exception {
        PageCache.retryIfDropped(() -> {
            Map<Path, long[]> cached = chosen();
            try (WalkResult walk = walk(tmp.resolve("set"))) {
                int[] sequence = sequence(walk);
                Map<String, Long> rows = new TreeMap<>();
                PageTotals one = StatusPass.run(OS, walk, sequence, PROBE, new Tally(), QUIET,
                        (row, whole, data, size) -> rows.put(new String(row.path(), StandardCharsets.UTF_8),
                                whole.residentPages()), 1, () -> false);
                assertEquals(4, one.files());
                assertEquals(34, one.pages(), "16 + 8 + 4 + 6");
                assertEquals(chosenPages(cached), one.residentPages());
                assertEquals(chosenPages(cached) * PAGE, one.residentBytes());
                for (Map.Entry<Path, long[]> e : cached.entrySet()) {
                    long[] r = e.getValue();
                    assertEquals((r[1] - r[0]) / PAGE, rows.get(e.getKey().toString()), e.getKey().toString());
                    assertEquals(PageCache.residentPages(e.getKey()), rows.get(e.getKey().toString()), "as cachestat");
                }
                PageTotals four = StatusPass.run(OS, walk, sequence, PROBE, new Tally(), QUIET,
                        (row, whole, data, size) -> { }, 4, () -> false);
                assertEquals(one.residentPages(), four.residentPages());
                assertEquals(one.pages(), four.pages());
                assertEquals(one.files(), four.files());
            }
        });
    }

    @Test
    void evictDropsEveryPageAndMeasuresBeforeAndAfter() throws Exception {
        PageCache.retryIfDropped(() -> {
            Map<Path, long[]> cached = chosen();
            try (WalkResult walk = walk(tmp.resolve("set"))) {
                ResidencyChange change = EvictPass.run(OS, walk, sequence(walk), PROBE, true, new Tally(), QUIET, 2,
                        () -> false);
                assertEquals(chosenPages(cached), change.before().residentPages());
                assertEquals(0, change.after().residentPages());
                assertEquals(4, change.after().files());
                assertEquals(34, change.after().pages());
            }
            assertEquals(0, PageCache.residentPages(cached.keySet()), "cachestat agrees");
        });
    }

    @Test
    void aStopEndsThePassWithNothingDone() throws Exception {
        chosen();
        try (WalkResult walk = walk(tmp.resolve("set"))) {
            PageTotals t = StatusPass.run(OS, walk, sequence(walk), PROBE, new Tally(), QUIET,
                    (row, whole, data, size) -> { }, 1, () -> true);
            assertEquals(0, t.files() + t.unknownFiles());
        }
    }

    @Test
    void aSnapshotSavedByStatusReadsBackWithTheRangesThatWereCached() throws Exception {
        Path file = tmp.resolve("saved");
        PageCache.retryIfDropped(() -> {
            Map<Path, long[]> cached = chosen();
            PageTotals totals;
            try (WalkResult walk = walk(tmp.resolve("set"));
                 SnapshotWriter writer = SnapshotWriter.toFile(OS, PathNames.bytes(file.toString()))) {
                SnapshotSaver saver = new SnapshotSaver(writer, walk, PROBE);
                totals = StatusPass.run(OS, walk, sequence(walk), PROBE, new Tally(), QUIET,
                        (row, whole, data, size) -> { }, saver, 1, () -> false);
                saver.commit();
                assertEquals(3, saver.files(), "d has no page cached: not saved");
            }
            Snapshot snapshot = SnapshotInput.read(OS, PathNames.bytes(file.toString()));
            assertEquals(PAGE, snapshot.pageSize());
            assertEquals(List.of(), snapshot.refused());
            assertEquals(totals.residentBytes(), snapshot.residentBytes());
            Map<String, Snapshot.Entry> byName = new TreeMap<>();
            for (Snapshot.Entry e : snapshot.entries()) {
                assertEquals(tmp.resolve("set").toString(), new String(e.root(), StandardCharsets.UTF_8));
                byName.put(new String(e.name(), StandardCharsets.UTF_8), e);
            }
            assertEquals(List.of("a", "b", "sub/c"), List.copyOf(byName.keySet()));
            for (Map.Entry<Path, long[]> c : cached.entrySet()) {
                String name = tmp.resolve("set").relativize(c.getKey()).toString();
                Snapshot.Entry e = byName.get(name);
                if (c.getValue()[1] == 0) {
                    continue;
                }
                assertArrayEquals(c.getValue(), e.ranges(), name);
                assertEquals(Files.size(c.getKey()), e.size(), name);
                assertEquals(Files.getLastModifiedTime(c.getKey()).toInstant().getEpochSecond(),
                        e.mtimeNanos() / 1_000_000_000L, name);
            }
        });
    }
}
