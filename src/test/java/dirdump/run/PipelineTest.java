package dirdump.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.order.AutoOrder;
import dirdump.order.LocateMethod;
import dirdump.order.Order;
import dirdump.order.OrderSettings;
import dirdump.outcome.StopRequest;
import dirdump.read.ReadLimits;
import dirdump.read.ReadMethod;
import dirdump.read.ReadPass;
import dirdump.read.Readers;
import dirdump.read.Reading;
import dirdump.report.StderrReporter;
import dirdump.scan.PathFilter;
import dirdump.scan.WalkSettings;
import dirdump.sys.Directory;
import dirdump.sys.EntrySink;
import dirdump.sys.OpenFile;
import dirdump.sys.Os;
import dirdump.sys.PathNames;
import dirdump.sys.SysException;
import dirdump.testing.ForwardingOs;
import dirdump.testing.ReadPasses;
import dirdump.testing.Trees;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pipeline's stage (Pipeline), with a read as its pass, in this JVM with the real system calls: passing
 * the files through, the walk's listing of its last directory waits until the read has opened a file;
 * behind a barrier (a rotating disk under the PATH), none is opened before the walk ends, and the files
 * keep the global order.
 * The order of events is what is checked, never how long anything took.
 */
class PipelineTest {
    private static final int FILES = 20;

    @TempDir
    Path tmp;
    private Path data;
    private final List<Path> files = new ArrayList<>();
    private long lastDirectory;
    private final ByteArrayOutputStream said = new ByteArrayOutputStream();
    private final StderrReporter reporter = new StderrReporter(new PrintStream(said, true, StandardCharsets.UTF_8),
            StderrReporter.Verbosity.VERBOSE);

    @BeforeEach
    void tree() throws Exception {
        data = tmp.resolve("data");
        Path a = Files.createDirectories(data.resolve("a"));
        for (int i = 0; i < FILES; i++) {
            files.add(Trees.file(a.resolve(String.format("f%02d", i)), 1000 + 100 * i, i));
        }
        Path last = Files.createDirectory(a.resolve("last"));  // depth first: listed after a's files
        for (int i = 0; i < 3; i++) {
            files.add(Trees.file(last.resolve("g" + i), 500, 100 + i));
        }
        lastDirectory = Trees.inode(last);
    }

    /** The real calls; the listing of the last directory waits for the read's first open, at most {@code wait}. */
    private final class Watched extends ForwardingOs {
        final CountDownLatch opened = new CountDownLatch(1);
        final long waitSeconds;
        volatile boolean openedBeforeLastListing;

        Watched(long waitSeconds) {
            super(Os.load(reporter::warning));
            this.waitSeconds = waitSeconds;
        }

        @Override
        public void list(Directory dir, EntrySink sink) throws SysException {
            if (dir.stat().ino == lastDirectory) {
                try {
                    openedBeforeLastListing = opened.await(waitSeconds, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            super.list(dir, sink);
        }

        @Override
        public OpenFile open(Directory dir, byte[] name, boolean follow) throws SysException {
            opened.countDown();
            return super.open(dir, name, follow);
        }
    }

    private FileSelection settings() {
        return new FileSelection(FileSelection.Listing.of(FileSelection.Sources.of(List.of(PathNames.bytes(data.toString()))),
                new WalkSettings(false, false, Integer.MAX_VALUE, PathFilter.NONE)),
                new OrderSettings(Order.AUTO, LocateMethod.AUTO, false));
    }

    /** Reads {@code data} with {@code readers} readers, every file (--force), on disks that rotate or not. */
    private Pipeline.Done<ReadPass.Result> read(Os os, int readers, boolean rotating) {
        StopRequest stop = new StopRequest();
        ReadLimits limits = new ReadLimits(0, stop);
        Reading reading = Reading.of(ReadMethod.READ, Readers.of(readers, 4096)).withForce(true);
        Pipeline.Stage stage = Pipeline.stage(settings(), false, os, dev -> rotating);
        assertEquals(rotating ? Pipeline.Stage.BARRIER : Pipeline.Stage.PASS_THROUGH, stage);
        return Pipeline.run(settings(), stage, os, reporter, stop, feed -> ReadPass.run(os, feed.walk(), feed.files(),
                ReadPasses.plan(reading, limits), limits, reporter));
    }

    @Test
    void onADiskThatDoesNotRotateAFileIsReadBeforeTheWalkListsItsLastDirectory() {
        Watched os = new Watched(120);  // a bound on a hang, not a timing: the open comes or the test fails
        Pipeline.Done<ReadPass.Result> done = read(os, 4, false);
        try (OrderedFiles f = done.files()) {
            assertTrue(os.openedBeforeLastListing, "no file was opened before the walk listed its last directory");
            assertEquals(files.size(), done.passed().tally().filesRead(), said.toString(StandardCharsets.UTF_8));
            assertEquals("none", f.plan().devices().get(0).order().key(), "read as listed");
            assertEquals(files.size(), f.count());
            assertNull(f.sequence(), "no order made (no sort) where nothing reads the files in one after the walk");
        }
    }

    @Test
    void onARotatingDiskNothingIsReadBeforeTheWalkEndsAndTheOrderIsTheGlobalOne() throws Exception {
        Watched os = new Watched(3);  // nothing can be opened before the walk ends: how long it is given is moot
        Pipeline.Done<ReadPass.Result> done = read(os, 1, true);
        try (OrderedFiles f = done.files()) {
            assertFalse(os.openedBeforeLastListing, "a file on a rotating disk was read before the walk ended");
            assertEquals(files.size(), done.passed().tally().filesRead());
            List<String> planned = new ArrayList<>();
            for (int file : f.sequence()) {
                planned.add(new String(f.walk().path(file), StandardCharsets.UTF_8));
            }
            List<String> read = said.toString(StandardCharsets.UTF_8).lines().filter(l -> l.endsWith(" bytes)"))
                    .map(l -> l.substring(0, l.lastIndexOf(" ("))).toList();
            assertEquals(planned, read, "one reader: the files in the global order auto gave the disk");
            assertFalse(f.plan().devices().get(0).reason().equals(AutoOrder.READ_AS_LISTED.reason()));
        }
    }
}
