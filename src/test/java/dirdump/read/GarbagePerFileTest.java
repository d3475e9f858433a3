package dirdump.read;

import dirdump.testing.ReadPasses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.cache.ProbeMethod;
import dirdump.cache.ResidencyProbe;
import dirdump.cache.StatusPass;
import dirdump.order.LocateMethod;
import dirdump.order.Order;
import dirdump.order.OrderSettings;
import dirdump.order.Orderer;
import dirdump.outcome.Reporter;
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
import dirdump.testing.Trees;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a file costs the heap on its way through a read and a status pass (issue 23: a run over 200,000
 * files is to take at most two young collections): the bytes the one reading thread allocates, as the
 * JVM counts them (ThreadMXBean; a count, not a timing), over 2,000 files, once the thread has made its
 * buffers at a first pass. Bounded with room above what is measured.
 */
class GarbagePerFileTest {
    private static final int FILES = 2000;
    /**
     * Bytes a file, at most (issue 23): about 80 are measured (the open file, the answer of cachestat, the
     * read's result); 760 before the reader's fstat went into a buffer of its own and its name was copied
     * into one.
     */
    private static final long READ_BOUND = 100;
    /**
     * Bytes a file measured, at most (issue 23): about 57 are measured (the open file, the answer of
     * cachestat); 460 before status took the fstat buffer and the path built only when told from the read
     * path, and checked the cached pages with no record a file (cache.CachedReads, one per thread).
     */
    private static final long STATUS_BOUND = 100;

    @TempDir
    Path tmp;
    private final Reporter reporter = new StderrReporter(new PrintStream(new ByteArrayOutputStream(), true),
            StderrReporter.Verbosity.QUIET);
    private Os os;

    @BeforeEach
    void tree() throws Exception {
        for (int d = 0; d < 20; d++) {
            Path dir = Files.createDirectory(tmp.resolve("d" + d));
            for (int i = 0; i < FILES / 20; i++) {
                Trees.file(dir.resolve("file-" + i), 1000 + i, i);
            }
        }
        os = Os.load(reporter::warning);
    }

    @Test
    void aFileReadCostsTheReaderFewBytesOfHeap() throws Exception {
        try (WalkResult walk = walk()) {
            int[] sequence = order(walk);
            Reading reading = Reading.of(ReadMethod.READ, Readers.of(1, 1 << 16)).withForce(true);
            read(walk, sequence, reading);  // the thread's buffers, classes and call sites made once
            long before = allocated();
            Tally t = read(walk, sequence, reading);
            long perFile = (allocated() - before) / FILES;
            assertEquals(FILES, t.filesRead());
            assertTrue(perFile <= READ_BOUND, perFile + " bytes a file read");
        }
    }

    /** As above, each file's read in a ring (io_uring): its slot's file and buffer are filled again for each. */
    @Test
    void aFileReadInARingCostsTheReaderFewBytesOfHeap() throws Exception {
        try (WalkResult walk = walk()) {
            int[] sequence = order(walk);
            Reading reading = Reading.of(ReadMethod.READ, new Readers(1, 1 << 16, 0, null, 16)).withForce(true);
            read(walk, sequence, reading);
            long before = allocated();
            Tally t = read(walk, sequence, reading);
            long perFile = (allocated() - before) / FILES;
            assertEquals(FILES, t.filesRead());
            assertTrue(perFile <= READ_BOUND, perFile + " bytes a file read in a ring");
        }
    }

    /**
     * The cron re-check (issue 31): a file found cached, its pages checked readable (one preadv2) and left
     * alone, costs the reader no more than a file read. The files are cached: just written.
     */
    @Test
    void aFileFoundCachedCostsTheReaderFewBytesOfHeap() throws Exception {
        try (WalkResult walk = walk()) {
            int[] sequence = order(walk);
            Reading reading = Reading.of(ReadMethod.READ, Readers.of(1, 1 << 16));  // cached files skipped
            read(walk, sequence, reading);
            long before = allocated();
            Tally t = read(walk, sequence, reading);
            long perFile = (allocated() - before) / FILES;
            Assumptions.assumeTrue(t.skipped(dirdump.outcome.SkipReason.ALREADY_CACHED) == FILES,
                    "the files written were taken from the page cache meanwhile");
            assertTrue(perFile <= READ_BOUND, perFile + " bytes a file found cached");
        }
    }

    @Test
    void aFileMeasuredCostsStatusBoundedHeap() throws Exception {
        try (WalkResult walk = walk()) {
            int[] sequence = order(walk);
            status(walk, sequence);
            long before = allocated();
            status(walk, sequence);
            long perFile = (allocated() - before) / FILES;
            assertTrue(perFile <= STATUS_BOUND, perFile + " bytes a file measured");
        }
    }

    private WalkResult walk() throws Exception {
        return new Walker(os, new WalkSettings(false, false, Integer.MAX_VALUE, PathFilter.NONE), reporter, new Tally())
                .walk(List.of(PathNames.bytes(tmp.toString())), null);
    }

    private int[] order(WalkResult walk) throws Exception {
        return Orderer.plan(walk, UniqueFiles.of(walk, new Tally(), reporter),
                new OrderSettings(Order.INODE, LocateMethod.AUTO, false), os, reporter).sequence();
    }

    /** One reader, in this thread (CallerReads), reading every file (--force: they are cached, just written). */
    private Tally read(WalkResult walk, int[] sequence, Reading reading) {
        return ReadPasses.run(os, walk, sequence, reading, new ReadLimits(0, new StopRequest()), reporter).tally();
    }

    private void status(WalkResult walk, int[] sequence) {
        Tally tally = new Tally();
        StatusPass.run(os, walk, sequence, new ResidencyProbe(ProbeMethod.AUTO), tally, reporter,
                (row, file, data, size) -> { }, 1, () -> false);
        assertEquals(0, tally.errors());
    }

    private static long allocated() {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        Assumptions.assumeTrue(bean instanceof com.sun.management.ThreadMXBean, "no per-thread allocation count here");
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) bean;
        Assumptions.assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled(),
                "this JVM counts no allocation per thread");
        return threads.getThreadAllocatedBytes(Thread.currentThread().getId());
    }
}
