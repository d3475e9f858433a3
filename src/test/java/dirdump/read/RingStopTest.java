package dirdump.read;

import dirdump.testing.ReadPasses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.order.LocateMethod;
import dirdump.order.Order;
import dirdump.order.OrderSettings;
import dirdump.order.Orderer;
import dirdump.outcome.Reporter;
import dirdump.outcome.SkipReason;
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
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stop (a signal) while files are in flight in the readers' rings: no file is started after it, the
 * reads in flight are waited for, and every descriptor the read opened (files and rings) is closed.
 */
class RingStopTest {
    @TempDir
    Path tmp;

    /** The descriptors of this process open on files under {@code dir}, or on an io_uring. */
    private static long openOn(Path dir) throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.filter(fd -> {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    return target.startsWith(dir.toString()) || target.contains("io_uring");
                } catch (IOException e) {
                    return false;  // closed since it was listed
                }
            }).count();
        }
    }

    @Test
    void aStopWithFilesInFlightClosesEveryDescriptorAndStartsNoFileAfterIt() throws Exception {
        List<Path> files = Trees.randomTree(tmp.resolve("set"), 2000, 200_000, 11);
        Trees.sync(files);
        PageCache.evict(files);
        long before = openOn(tmp);
        ReadPass.Result r = readStoppingAfter(50, tmp.resolve("set"), 64 << 10);
        long read = r.tally().filesRead();
        assertTrue(read >= 50 && read < 50 + 2 * 32 + 2, "stopped with at most the rings' files after it: " + read);
        assertEquals(0, r.tally().errors());
        assertEquals(before, openOn(tmp), "every file and ring closed");
    }

    /** The same with big files shared by the readers, their chunks in flight in the rings at the stop. */
    @Test
    void aStopWithChunksInFlightClosesEveryDescriptor() throws Exception {
        Path set = tmp.resolve("big");
        List<Path> files = new java.util.ArrayList<>();
        for (int i = 0; i < 5; i++) {
            files.add(Trees.file(set.resolve("b" + i), 24 << 20, i));
        }
        Trees.sync(files);
        PageCache.evict(files);
        long before = openOn(tmp);
        ReadPass.Result r = readStoppingAfter(1, set, 256 << 10);
        assertTrue(r.tally().filesRead() < files.size(), "stopped before the last: " + r.tally().filesRead());
        assertEquals(0, r.tally().errors());
        assertEquals(before, openOn(tmp), "every file and ring closed");
    }

    /**
     * The files of {@code set} read in inode order by 2 readers with rings of 32 and buffers of
     * {@code buffer} bytes, stopped (as by a signal) once {@code after} files are read.
     */
    private static ReadPass.Result readStoppingAfter(int after, Path set, int buffer) throws Exception {
        StopRequest stop = new StopRequest();
        StoppingAfter reporter = new StoppingAfter(after, stop);
        Os os = Os.load(reporter::warning);
        try (WalkResult walk = new Walker(os, new WalkSettings(false, false, Integer.MAX_VALUE, PathFilter.NONE), reporter,
                new Tally()).walk(List.of(PathNames.bytes(set.toString())), null)) {
            int[] sequence = Orderer.plan(walk, UniqueFiles.of(walk, new Tally(), reporter),
                    new OrderSettings(Order.INODE, LocateMethod.AUTO, false), os, reporter).sequence();
            Reading reading = Reading.of(ReadMethod.READ, new Readers(2, buffer, 0, null, 32));
            ReadPass.Result r = ReadPasses.run(os, walk, sequence, reading, new ReadLimits(0, stop), reporter);
            assertTrue(stop.stopped());
            return r;
        }
    }

    /** Quiet, but told of each file read (as -v), and stops the run at the {@code after}th. */
    private static final class StoppingAfter implements Reporter {
        private final Reporter quiet = new StderrReporter(new PrintStream(OutputStream.nullOutputStream()),
                StderrReporter.Verbosity.QUIET);
        private final int after;
        private final StopRequest stop;
        private int read;

        StoppingAfter(int after, StopRequest stop) {
            this.after = after;
            this.stop = stop;
        }

        @Override
        public boolean verbose() {
            return true;
        }

        @Override
        public synchronized void read(byte[] path, long bytes) {
            if (++read == after) {
                stop.stop(15);
            }
        }

        @Override
        public void error(byte[] path, String reason) {
            quiet.error(path, reason);
        }

        @Override
        public void problem(String text) {
            quiet.problem(text);
        }

        @Override
        public void notice(byte[] path, String text) {
        }

        @Override
        public void progress(String text) {
        }

        @Override
        public void warning(String text) {
            quiet.warning(text);
        }

        @Override
        public void skipped(byte[] path, SkipReason reason) {
        }

        @Override
        public void filtered(byte[] path, String why) {
        }

        @Override
        public void evicted(byte[] path, Residency before, Residency after) {
        }

        @Override
        public void line(String text) {
        }
    }
}
