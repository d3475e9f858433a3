package dirdump.read;

import dirdump.testing.ReadPasses;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dirdump.cache.ByteRanges;
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
import dirdump.sys.SysException;
import dirdump.testing.ForwardingOpenFile;
import dirdump.testing.ForwardingOs;
import dirdump.testing.Trees;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ranges asked for (--replay, --range) are read with read-ahead off, so that no more is cached than
 * asked; but a file whose one range reaches its end keeps read-ahead, which then brings in nothing
 * more, and spares a request a buffer (a learned replay of files read whole was slower than the job
 * alone before).
 */
class ReadAheadForRangesTest {
    private static final int SIZE = 4 << 20;

    @TempDir
    Path tmp;

    /** How many files of one of {@code SIZE} bytes had read-ahead turned off, reading {@code wanted} of it. */
    private int readAheadTurnedOff(Wanted wanted) throws Exception {
        Path f = Trees.file(tmp.resolve("f"), SIZE, 7);
        Reporter quiet = new StderrReporter(new PrintStream(OutputStream.nullOutputStream()), StderrReporter.Verbosity.QUIET);
        AtomicInteger off = new AtomicInteger();
        Os os = new ForwardingOs(Os.load(quiet::warning)) {
            @Override
            public OpenFile open(Directory dir, byte[] name, boolean follow) throws SysException {
                return new ForwardingOpenFile(real.open(dir, name, follow)) {
                    @Override
                    public void noReadAhead() throws SysException {
                        off.incrementAndGet();
                        super.noReadAhead();
                    }
                };
            }
        };
        try (WalkResult walk = new Walker(os, new WalkSettings(false, false, Integer.MAX_VALUE, PathFilter.NONE), quiet,
                new Tally()).walk(List.of(PathNames.bytes(f.toString())), null)) {
            int[] sequence = Orderer.plan(walk, UniqueFiles.of(walk, new Tally(), quiet),
                    new OrderSettings(Order.INODE, LocateMethod.AUTO, false), os, quiet).sequence();
            ReadPass.Result r = ReadPasses.run(os, walk, sequence, Reading.of(ReadMethod.READ, Readers.of(1, 1 << 20))
                    .withWanted(wanted).withForce(true), new ReadLimits(0, new StopRequest()), quiet);
            assertEquals(1, r.tally().filesRead());
            return off.get();
        }
    }

    @Test
    void aRangeToTheEndKeepsReadAhead() throws Exception {
        assertEquals(0, readAheadTurnedOff((path, st) -> ByteRanges.whole(st.size)), "the whole file as a range");
        assertEquals(0, readAheadTurnedOff((path, st) -> ByteRanges.of(SIZE / 2, st.size)), "its second half");
    }

    @Test
    void rangesThatStopShortOrLeaveGapsTurnItOff() throws Exception {
        assertEquals(1, readAheadTurnedOff((path, st) -> ByteRanges.of(0, SIZE / 2)), "its first half");
        assertEquals(1, readAheadTurnedOff((path, st) -> ByteRanges.ofPairs(new long[] {0, 4096, SIZE - 4096, SIZE})),
                "its first and last pages");
    }
}
