package dirdump.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.cache.PageTotals;
import dirdump.order.LocateMethod;
import dirdump.order.Order;
import dirdump.order.OrderSettings;
import dirdump.order.Orderer;
import dirdump.outcome.StopRequest;
import dirdump.outcome.Tally;
import dirdump.report.StderrReporter;
import dirdump.scan.PathFilter;
import dirdump.scan.UniqueFiles;
import dirdump.scan.WalkResult;
import dirdump.scan.WalkSettings;
import dirdump.scan.Walker;
import dirdump.sys.Os;
import dirdump.sys.PathNames;
import dirdump.sys.Residency;
import dirdump.testing.PageCache;
import dirdump.testing.Trees;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bench's rounds and what it makes of them (Bench, VariantResult, Results), in this JVM over a real
 * set of files that is evicted or left warm before each run as asked. The variants read the files
 * but give the times the test chose, so that every median, speedup and failure is known exactly.
 */
class BenchRoundsTest {
    private static final long SECOND = 1_000_000_000L;
    private static final Machine MACHINE = new Machine("2026-12-01T00:00:00Z", "host", "6.1.0", 2, "test", List.of());

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream said = new ByteArrayOutputStream();
    private final StderrReporter reporter = new StderrReporter(new PrintStream(said, true, StandardCharsets.UTF_8),
            StderrReporter.Verbosity.NORMAL);
    private final StopRequest stop = new StopRequest();
    private final List<String> calls = new ArrayList<>();
    private List<Path> files;
    private long bytes;
    private WalkResult walk;
    private FileSet set;

    @BeforeEach
    void set() throws Exception {
        files = Trees.randomTree(tmp.resolve("set"), 20, 40_000, 7);
        bytes = Trees.totalSize(files);
        Trees.sync(files);
        Os os = Os.load(reporter::warning);
        walk = new Walker(os, new WalkSettings(false, false, Integer.MAX_VALUE, PathFilter.NONE), reporter, new Tally())
                .walk(List.of(PathNames.bytes(tmp.resolve("set").toString())), null);
        int[] sequence = Orderer.plan(walk, UniqueFiles.of(walk, new Tally(), reporter),
                new OrderSettings(Order.INODE, LocateMethod.AUTO, false), os, reporter).sequence();
        set = FileSet.of(os, walk, sequence, reporter, stop);
    }

    @AfterEach
    void close() {
        walk.close();
    }

    /**
     * A variant that reads every file (the cache is then what a read leaves) and says it took the
     * next of {@code seconds}, or failed where {@code failures} has a text.
     */
    private Variant scripted(String label, double[] seconds, String[] failures, Runnable during) {
        return new Variant() {
            private int run;

            @Override
            public String label() {
                return label;
            }

            @Override
            public String kind() {
                return "command";
            }

            @Override
            public RunOutcome run() {
                calls.add(label);
                for (Path f : files) {
                    try {
                        Files.readAllBytes(f);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
                int i = run++;
                if (during != null) {
                    during.run();
                }
                return new RunOutcome((long) (seconds[i] * SECOND), files.size(), bytes, failures == null ? null : failures[i]);
            }
        };
    }

    private Variant scripted(String label, double... seconds) {
        return scripted(label, seconds, null, null);
    }

    private static VariantResult of(BenchResults r, String label) {
        return r.variants().stream().filter(v -> v.label.equals(label)).findFirst().orElseThrow();
    }

    @Test
    void prepareAndConcludeRunRightAroundEveryTimedRunAndAreToldWhichRun() throws Exception {
        // Each appends a line to the log; the log holds what ran, in order, as the variants see it too.
        Path log = tmp.resolve("hooks.log");
        String append = "echo \"%s $DIRDUMP_BENCH_ROUND $DIRDUMP_BENCH_VARIANT\" >>'" + log + "'";
        RunHooks hooks = new RunHooks(String.format(append, "prepare"), String.format(append, "conclude"), 10 * SECOND);
        Runnable during = () -> {
            try {
                Files.writeString(log, "run\n", java.nio.file.StandardOpenOption.APPEND);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
        List<Variant> variants = List.of(scripted("A", new double[] {1, 1}, null, during),
                scripted("B", new double[] {2, 2}, null, during));
        BenchResults r = BenchRounds.run(variants, set, CachePrep.EVICT, hooks, 2, List.of(), MACHINE, reporter, stop);
        assertEquals(List.of("prepare 1 A", "run", "conclude 1 A", "prepare 1 B", "run", "conclude 1 B",
                "prepare 2 A", "run", "conclude 2 A", "prepare 2 B", "run", "conclude 2 B"), Files.readAllLines(log));
        assertEquals(1.0, of(r, "A").medianSeconds, "not in the run's time");
    }

    @Test
    void aPrepareThatFailsStopsBenchSayingWhichAndWhy() {
        RunHooks hooks = new RunHooks("exit 3", null, 10 * SECOND);
        List<Variant> variants = List.of(scripted("A", 1, 1), scripted("B", 2, 2));
        RunHooks.Failed failed = org.junit.jupiter.api.Assertions.assertThrows(RunHooks.Failed.class,
                () -> BenchRounds.run(variants, set, CachePrep.EVICT, hooks, 2, List.of(), MACHINE, reporter, stop));
        assertEquals("--prepare 'exit 3' (round 1, A): exit status 3 (its output is discarded: run it alone to see why)",
                failed.getMessage());
        assertEquals(List.of(), calls, "no run after it");
    }

    @Test
    void roundsInterleaveAndTheFiguresAreMediansOfTheRunsThatEndedWell() throws Exception {
        List<Variant> variants = List.of(scripted("A", 2, 4, 3), scripted("B", 1, 1, 2),
                scripted("C", new double[] {1, 9, 3}, new String[] {null, "exited with status 3", null}, null));
        BenchResults r = BenchRounds.run(variants, set, CachePrep.EVICT, RunHooks.NONE, 3, List.of(), MACHINE, reporter, stop);
        assertEquals(List.of("A", "B", "C", "A", "B", "C", "A", "B", "C"), calls, "A B C, round after round");
        assertEquals(files.size(), r.files());
        assertEquals(bytes, r.bytes());

        VariantResult a = of(r, "A");
        assertEquals(3.0, a.medianSeconds);
        assertEquals(2.0, a.minSeconds);
        assertEquals(4.0, a.maxSeconds);
        assertEquals(1.0, a.speedup, "the first variant is the base");
        assertEquals(VariantResult.round(bytes / (double) (1 << 20) / 3.0, 3), a.mebibytesPerSecond);
        assertEquals(VariantResult.round(files.size() / 3.0, 1), a.filesPerSecond);

        VariantResult b = of(r, "B");
        assertEquals(1.0, b.medianSeconds);
        assertEquals(2.0, b.speedup, "the median of the rounds' ratios 2, 4 and 1.5");

        VariantResult c = of(r, "C");
        assertEquals(1, c.failedRuns);
        assertEquals(2.0, c.medianSeconds, "of the runs that ended well: 1 and 3 s");
        assertEquals(1.5, c.speedup, "rounds 1 and 3: 2 and 1");
        assertEquals(1, r.exitStatus(), "a run failed");
        assertTrue(said.toString(StandardCharsets.UTF_8).contains("round 2: C: exited with status 3"), said.toString());
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("marked \"failed\"")), r.notes().toString());

        for (VariantResult v : r.variants()) {
            assertEquals(CacheState.COLD, v.cache, v.label + ": evicted before each run");
            assertEquals(0, v.runsOff);
            assertEquals(3, v.runs.size());
        }
    }

    @Test
    void aVariantWhoseEveryRunFailedHasNoFigures() throws Exception {
        List<Variant> variants = List.of(scripted("A", 1, 1),
                scripted("D", new double[] {1, 1}, new String[] {"read no file", "read no file"}, null));
        BenchResults r = BenchRounds.run(variants, set, CachePrep.EVICT, RunHooks.NONE, 2, List.of(), MACHINE, reporter, stop);
        VariantResult d = of(r, "D");
        assertTrue(d.failed());
        assertNull(d.medianSeconds);
        assertNull(d.speedup);
        assertNull(d.mebibytesPerSecond);
        assertEquals(2, d.failedRuns);
        assertEquals(1, r.exitStatus());
    }

    @Test
    void aSignalEndsBenchWithTheRunsBeforeIt() throws Exception {
        int[] runs = {0};
        List<Variant> variants = List.of(scripted("A", 1, 1, 1), scripted("B", new double[] {1, 1, 1}, null, () -> {
            if (++runs[0] == 2) {
                stop.stop(15);  // during B's run of round 2, which is then left out
            }
        }));
        BenchResults r = BenchRounds.run(variants, set, CachePrep.EVICT, RunHooks.NONE, 3, List.of(), MACHINE, reporter, stop);
        assertEquals(List.of("A", "B", "A", "B"), calls);
        assertEquals(2, of(r, "A").runs.size());
        assertEquals(1, of(r, "B").runs.size());
        assertEquals("SIGTERM", r.stoppedBy());
        assertEquals(143, r.exitStatus());
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("stopped by SIGTERM in round 2 of 3")), r.notes().toString());
    }

    @Test
    void leftWarmEveryRunStartsWarmAfterAnUntimedRound() throws Exception {
        PageCache.retryIfDropped(() -> {
            calls.clear();
            List<Variant> variants = List.of(scripted("A", 9, 1, 1), scripted("B", 9, 1, 1));
            BenchResults r = BenchRounds.run(variants, set, CachePrep.NONE, RunHooks.NONE, 2, List.of(), MACHINE, reporter, stop);
            assertEquals(List.of("A", "B", "A", "B", "A", "B"), calls, "one round untimed, then two");
            for (VariantResult v : r.variants()) {
                assertEquals(CacheState.WARM, v.cache, v.label);
                assertEquals(1.0, v.medianSeconds, "the untimed round counts in no figure");
            }
        });
    }

    @Test
    void theCacheStateIsReadFromTheShareOfPagesResident() {
        assertEquals(CacheState.UNKNOWN, CacheState.of(totals(0, 0)));
        assertEquals(CacheState.COLD, CacheState.of(totals(1, 100)), "at most 1 %");
        assertEquals(CacheState.PARTLY, CacheState.of(totals(2, 100)));
        assertEquals(CacheState.PARTLY, CacheState.of(totals(98, 100)));
        assertEquals(CacheState.WARM, CacheState.of(totals(99, 100)), "at least 99 %");
    }

    private static PageTotals totals(long resident, long pages) {
        PageTotals t = new PageTotals();
        if (pages > 0) {
            t.add(new Residency(resident, pages, 4096));
        }
        return t;
    }
}
