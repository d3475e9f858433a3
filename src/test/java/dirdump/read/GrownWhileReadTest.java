package dirdump.read;

import dirdump.testing.ReadPasses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import dirdump.sys.Directory;
import dirdump.sys.OpenFile;
import dirdump.sys.Os;
import dirdump.sys.PathNames;
import dirdump.sys.ReadBuffer;
import dirdump.sys.SysException;
import dirdump.testing.ForwardingOpenFile;
import dirdump.testing.ForwardingOs;
import dirdump.testing.Trees;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file not sparse when opened, grown by its owner to the largest size the file system takes
 * ({@code truncate -s 9223372036854775807}, or 1 TiB on ext4) after dirdump opened it and before its
 * first read: the read stops at the size the file had when opened. Before, it read the zeros on to the
 * new end: 8 EiB, forever. (So that a failing run ends, the file's reads beyond 16 MiB past its old end
 * return its end here.)
 */
class GrownWhileReadTest {
    private static final long BEYOND = 16 << 20;

    @TempDir
    Path tmp;

    private long read(int size, int jobs, ReadMethod method, int prefetch) throws Exception {
        Path f = Trees.file(tmp.resolve("grown-" + jobs + method + prefetch), size, 3);
        Reporter quiet = new StderrReporter(new PrintStream(OutputStream.nullOutputStream()), StderrReporter.Verbosity.QUIET);
        GrowingOnFirstRead os = new GrowingOnFirstRead(Os.load(quiet::warning), f, size);
        try (WalkResult walk = new Walker(os, new WalkSettings(false, false, Integer.MAX_VALUE, PathFilter.NONE), quiet,
                new Tally()).walk(List.of(PathNames.bytes(f.toString())), null)) {
            int[] sequence = Orderer.plan(walk, UniqueFiles.of(walk, new Tally(), quiet),
                    new OrderSettings(Order.INODE, LocateMethod.AUTO, false), os, quiet).sequence();
            ReadPass.Result r = ReadPasses.run(os, walk, sequence, Reading.of(method, Readers.of(jobs, 1 << 20)
                    .withPrefetch(prefetch)).withForce(true).withMeasureAfter(true), new ReadLimits(0, new StopRequest()), quiet);
            assertTrue(os.grown, "the file was grown before its first read");
            assertEquals(1, r.tally().filesRead());
            assertTrue(os.furthest.get() <= size, "nothing past its size at open was asked for: " + os.furthest);
            return r.tally().bytesRead();
        }
    }

    @Test
    void oneReaderReadsTheSizeAtOpenAndNoFurther() throws Exception {
        assertEquals(3 << 20, read(3 << 20, 1, ReadMethod.READ, 0));
    }

    @Test
    void aBigFileSharedByReadersIsReadToItsSizeAtOpen() throws Exception {
        assertEquals(5 * SharedFile.CHUNK / 2, read((int) (5 * SharedFile.CHUNK / 2), 4, ReadMethod.READ, 0));
    }

    @Test
    void aFileHandedOnByAnOpenerIsReadToItsSizeAtOpen() throws Exception {
        assertEquals(3 << 20, read(3 << 20, 2, ReadMethod.READ, 2));
    }

    @Test
    void willNeedAdvisesTheSizeAtOpen() throws Exception {
        assertEquals(3 << 20, read(3 << 20, 1, ReadMethod.WILLNEED, 0));
    }

    /** The real calls; the file is grown at its first read or advice, after its fstat and first measure. */
    private static final class GrowingOnFirstRead extends ForwardingOs {
        private final Path target;
        private final long size;
        private volatile boolean grown;
        /** The furthest byte a read or advice asked for. */
        private final AtomicLong furthest = new AtomicLong();

        GrowingOnFirstRead(Os real, Path target, long size) {
            super(real);
            this.target = target;
            this.size = size;
        }

        private synchronized void grow() {
            if (grown) {
                return;
            }
            grown = true;
            try (RandomAccessFile raf = new RandomAccessFile(target.toFile(), "rw")) {
                try {
                    raf.setLength(Long.MAX_VALUE);
                } catch (IOException tooBig) {
                    raf.setLength(1L << 40);  // ext4's files end at 16 TiB
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** {@code length} bytes from {@code offset} asked for: how many of them to give (none well past the old end). */
        private int asked(long offset, int length) {
            grow();
            furthest.accumulateAndGet(offset + length, Math::max);
            return offset > size + BEYOND ? 0 : length;
        }

        @Override
        public OpenFile open(Directory dir, byte[] name, boolean follow) throws SysException {
            OpenFile f = real.open(dir, name, follow);
            return new ForwardingOpenFile(f) {
                private long position;

                @Override
                public int read(ReadBuffer buffer) throws SysException {
                    if (asked(position, buffer.capacity()) == 0) {
                        return 0;
                    }
                    int n = f.read(buffer);
                    position += Math.max(0, n);
                    return n;
                }

                @Override
                public int read(ReadBuffer buffer, long offset, int length) throws SysException {
                    return asked(offset, length) == 0 ? 0 : f.read(buffer, offset, length);
                }

                @Override
                public void willNeed(long offset, long length) throws SysException {
                    asked(offset, (int) Math.min(length, Integer.MAX_VALUE));
                    f.willNeed(offset, length);
                }
            };
        }
    }
}
