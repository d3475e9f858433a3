package dirdump.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.cache.ProbeMethod;
import dirdump.cache.ResidencyProbe;
import dirdump.order.LocateMethod;
import dirdump.order.Order;
import dirdump.order.OrderSettings;
import dirdump.outcome.SkipReason;
import dirdump.outcome.StopRequest;
import dirdump.read.ReadBounds;
import dirdump.read.ReadMethod;
import dirdump.read.Readers;
import dirdump.read.Reading;
import dirdump.report.StderrReporter;
import dirdump.scan.PathFilter;
import dirdump.scan.WalkSettings;
import dirdump.sys.PathNames;
import dirdump.testing.PageCache;
import dirdump.testing.Trees;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The passes of dirdump.run in this JVM, settings in and result out, on a real tree: a read
 * (ReadRun), evict (Evicting) and status (Measuring), each checked by what it counted and, where the
 * page cache is the point, by the kernel's own count (cachestat) of the files' pages.
 */
class PassesTest {
    private static final int FILES = 40;

    @TempDir
    Path tmp;

    private Path data;
    private List<Path> files;
    private long bytes;
    private long pages;
    private final ByteArrayOutputStream said = new ByteArrayOutputStream();

    @BeforeEach
    void tree() throws Exception {
        data = tmp.resolve("data");
        files = new ArrayList<>();
        for (int i = 0; i < FILES; i++) {
            files.add(Trees.file(data.resolve(String.format("f%02d", i)), 1000 + 3000 * i, i));
        }
        files.add(Files.write(data.resolve("empty"), new byte[0]));
        Files.createSymbolicLink(data.resolve("link"), files.get(0));
        Trees.sync(files);
        bytes = Trees.totalSize(files);
        for (Path f : files) {
            pages += (Files.size(f) + PageCache.PAGE - 1) / PageCache.PAGE;
        }
    }

    private StderrReporter reporter(StderrReporter.Verbosity verbosity) {
        said.reset();
        return new StderrReporter(new PrintStream(said, true, StandardCharsets.UTF_8), verbosity);
    }

    private String said() {
        return said.toString(StandardCharsets.UTF_8);
    }

    private FileSelection selection(Order order) {
        FileSelection.Sources data = FileSelection.Sources.of(List.of(PathNames.bytes(this.data.toString())));
        return new FileSelection(FileSelection.Listing.of(data, new WalkSettings(false, false, Integer.MAX_VALUE,
                PathFilter.NONE)), new OrderSettings(order, LocateMethod.AUTO, false));
    }

    /** The data read in {@code order} by {@code readers}, as a summary shows it. */
    private ReadSettings read(Order order, int readers, boolean force, Long maxBytes) {
        Reading reading = Reading.of(ReadMethod.READ, Readers.of(readers, 256 << 10)).withForce(force)
                .withMeasureAfter(true);
        return ReadSettings.of(selection(order), reading).withLimits(new ReadBounds(0, maxBytes, false));
    }

    private ReadResult warm(ReadSettings settings, StopRequest stop) {
        return new ReadRun(settings).run(reporter(StderrReporter.Verbosity.VERBOSE), stop, null);
    }

    private CachePass pass(StderrReporter reporter) {
        StopRequest stop = new StopRequest();
        return new CachePass(OrderedFiles.of(selection(Order.INODE), reporter, stop), new ResidencyProbe(ProbeMethod.AUTO),
                reporter, stop, false);
    }

    /** The paths -v listed as read, in the order read. */
    private List<String> readOrder() {
        return said().lines().filter(l -> l.endsWith(" bytes)")).map(l -> l.substring(0, l.lastIndexOf(" ("))).toList();
    }

    @Test
    void aReadWithOneReaderReadsEveryFileOnceInTheOrderPlanned() {
        ReadResult r = warm(read(Order.NAME, 1, true, null), new StopRequest());
        assertEquals(0, r.exit().status, said());
        assertEquals(FILES + 1, r.facts().tally().filesRead(), "the empty file too");
        assertEquals(bytes, r.facts().tally().bytesRead());
        assertEquals(1, r.facts().tally().skipped(SkipReason.SYMLINK));
        assertEquals(0, r.facts().tally().errors());
        assertEquals(1, r.readers());
        assertEquals("name", r.facts().how().order());
        List<String> expected = files.stream().map(Path::toString).sorted().toList();
        assertEquals(expected, readOrder(), "name order, one reader: the lines in the order read");
    }

    @Test
    void eightReadersCountTheSameAsOne() {
        ReadResult one = warm(read(Order.INODE, 1, true, null), new StopRequest());
        List<String> readByOne = readOrder().stream().sorted().toList();
        ReadResult eight = warm(read(Order.INODE, 8, true, null), new StopRequest());
        assertEquals(8, eight.readers());
        assertEquals(one.facts().tally().filesRead(), eight.facts().tally().filesRead());
        assertEquals(one.facts().tally().bytesRead(), eight.facts().tally().bytesRead());
        assertEquals(readByOne, readOrder().stream().sorted().toList(), "the same files, each once");
    }

    @Test
    void aSecondReadSkipsTheCachedFilesAndForceReadsThemAgain() throws Exception {
        PageCache.retryIfDropped(() -> {
            warm(read(Order.INODE, 2, true, null), new StopRequest());
            ReadResult again = warm(read(Order.INODE, 2, false, null), new StopRequest());
            assertEquals(FILES, again.facts().tally().skipped(SkipReason.ALREADY_CACHED), said());
            assertEquals(1, again.facts().tally().filesRead(), "the empty file, which has no page to be cached");
            assertEquals(0, again.facts().tally().bytesRead());
            ReadResult forced = warm(read(Order.INODE, 2, true, null), new StopRequest());
            assertEquals(bytes, forced.facts().tally().bytesRead());
        });
    }

    @Test
    void maxBytesBringsInThatMuchAndNoMore() throws Exception {
        PageCache.evict(files);
        long bound = 100 * PageCache.PAGE;
        ReadResult r = warm(read(Order.INODE, 1, false, bound), new StopRequest());
        assertEquals(bound, r.facts().tally().bytesRead(), said());
        assertTrue(r.boundReached());
        assertNotNull(r.partRead(), "the one file cut short");
        assertEquals(0, r.exit().status);
    }

    @Test
    void aStopBeforeTheReadReadsNothingAndSaysWhichSignal() {
        StopRequest stop = new StopRequest();
        stop.stop(15);
        ReadResult r = warm(read(Order.INODE, 1, true, null), stop);
        assertEquals(0, r.facts().tally().filesRead());
        assertEquals("SIGTERM", r.facts().ending().stoppedBy());
        assertEquals(143, r.exit().status);
    }

    @Test
    void evictEmptiesTheCacheOfTheFilesAndStatusMeasuresIt() throws Exception {
        PageCache.retryIfDropped(() -> {
            try (Closing evict = closing(pass(reporter(StderrReporter.Verbosity.NORMAL)))) {
                EvictRun.Result evicted = EvictRun.run(evict.pass(), true);
                assertEquals(ExitCode.OK, evicted.exit(), said());
                assertEquals(FILES + 1, evicted.residency().after().files());
                assertEquals(pages, evicted.residency().before().pages());
                assertEquals(0, evicted.residency().after().residentPages());
            }
            assertEquals(0, PageCache.residentPages(files), "cachestat agrees");

            List<String> rows = Collections.synchronizedList(new ArrayList<>());  // rows come from the pass's threads
            try (Closing status = closing(pass(reporter(StderrReporter.Verbosity.NORMAL)))) {
                StatusRun.Result cold = StatusRun.run(status.pass(), (row, whole, dataOnly, size) ->
                        rows.add(new String(row.path(), StandardCharsets.UTF_8) + " " + whole.residentPages() + "/" + size), null, 100.0);
                assertEquals(ExitCode.NOT_RESIDENT, cold.exit());
                assertEquals(0, cold.totals().residentPages());
                assertEquals(pages, cold.totals().pages());
                assertTrue(said().contains("less than --min-percent 100"), said());
            }
            assertEquals(FILES + 1, rows.size(), "a row a file: " + rows);
            assertTrue(rows.contains(files.get(3) + " 0/" + Files.size(files.get(3))), rows.toString());

            Files.readAllBytes(files.get(3));
            try (Closing status = closing(pass(reporter(StderrReporter.Verbosity.NORMAL)))) {
                StatusRun.Result one = StatusRun.run(status.pass(), (row, whole, dataOnly, size) -> { }, null, null);
                assertEquals(ExitCode.OK, one.exit());
                assertEquals(PageCache.residentPages(files.get(3)), one.totals().residentPages());
            }
            new ReadRun(read(Order.INODE, 2, true, null)).run(reporter(StderrReporter.Verbosity.QUIET),
                    new StopRequest(), null);
            try (Closing status = closing(pass(reporter(StderrReporter.Verbosity.NORMAL)))) {
                StatusRun.Result warm = StatusRun.run(status.pass(), (row, whole, dataOnly, size) -> { }, null, 100.0);
                assertEquals(ExitCode.OK, warm.exit(), said());
                assertEquals(pages, warm.totals().residentPages());
                assertNull(StatusRun.shortfall(warm.totals(), 100.0));
            }
        });
    }

    /** A pass whose walk's directory handles are closed after it. */
    private record Closing(CachePass pass) implements AutoCloseable {
        @Override
        public void close() {
            pass.files().close();
        }
    }

    private static Closing closing(CachePass pass) {
        return new Closing(pass);
    }
}
