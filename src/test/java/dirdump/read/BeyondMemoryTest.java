package dirdump.read;

import dirdump.testing.ReadPasses;
import static org.junit.jupiter.api.Assertions.assertEquals;

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
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A set larger than the memory that can cache it is told once, the moment more than that has come in
 * (a walk gives no sizes before): here with a "memory" of 1 MiB, which no machine has, run in-process.
 */
class BeyondMemoryTest {
    @TempDir
    Path tmp;

    @Test
    void theWarningComesOnceWhenMoreThanTheRoomHasBeenRead() throws Exception {
        for (int i = 0; i < 3; i++) {
            Trees.file(tmp.resolve("f" + i), 1 << 20, i);
        }
        Reporter reporter = new StderrReporter(new PrintStream(new ByteArrayOutputStream(), true), StderrReporter.Verbosity.NORMAL);
        Os os = Os.load(reporter::warning);
        try (WalkResult walk = new Walker(os, new WalkSettings(false, false, Integer.MAX_VALUE, PathFilter.NONE), reporter,
                new Tally()).walk(List.of(PathNames.bytes(tmp.toString())), null)) {
            int[] sequence = Orderer.plan(walk, UniqueFiles.of(walk, new Tally(), reporter),
                    new OrderSettings(Order.INODE, LocateMethod.AUTO, false), os, reporter).sequence();
            ReadLimits limits = new ReadLimits(0, new StopRequest());
            AtomicInteger told = new AtomicInteger();
            limits.whenBeyond(1 << 20, told::incrementAndGet);
            Tally t = ReadPasses.run(os, walk, sequence, Reading.of(ReadMethod.READ, Readers.of(2, 1 << 16)).withForce(true),
                    limits, reporter).tally();
            assertEquals(3 << 20, t.bytesRead());
            assertEquals(1, told.get(), "once, past the first MiB");
        }
    }
}
