package dirdump.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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
import dirdump.testing.RecordingOs;
import dirdump.testing.Trees;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Locating after the order, in this JVM: each file opened once, and nothing the order made changed. */
class LocateAllTest {
    private static final Reporter QUIET = new StderrReporter(new PrintStream(OutputStream.nullOutputStream()),
            StderrReporter.Verbosity.QUIET);

    @TempDir
    Path tmp;

    /** The opens of the tree's files (not of its directories) that {@code action} made. */
    private static long fileOpens(RecordingOs os, Set<RecordingOs.Identity> files, Runnable action) {
        int before = os.opened().size();
        action.run();
        return os.opened().subList(before, os.opened().size()).stream().filter(files::contains).count();
    }

    @Test
    void locatesOnceEachFileTheOrderDidNotAndChangesNothingOfTheOrders() throws Exception {
        List<Path> paths = Trees.randomTree(tmp, 40, 20_000, 5);
        Trees.sync(paths);
        Set<RecordingOs.Identity> files = paths.stream().map(LocateAllTest::identity).collect(Collectors.toSet());
        RecordingOs os = new RecordingOs(Os.load(QUIET::warning));
        for (Order order : new Order[] {Order.INODE, Order.PHYSICAL}) {
            OrderSettings settings = new OrderSettings(order, LocateMethod.FIEMAP, false);
            try (WalkResult walk = new Walker(os, new WalkSettings(false, false, Integer.MAX_VALUE, PathFilter.NONE),
                    QUIET, new Tally()).walk(List.of(PathNames.bytes(tmp.toString())), null)) {
                OrderPlan[] plan = new OrderPlan[1];
                long byOrder = fileOpens(os, files, () -> plan[0] = Orderer.plan(walk,
                        UniqueFiles.of(walk, new Tally(), QUIET), settings, os, QUIET));
                DeviceOrder device = plan[0].devices().get(0);
                assumeTrue(order == Order.INODE || device.locateError() == null, "FIEMAP here: " + device.locateError());
                LocateAll.Result[] all = new LocateAll.Result[1];
                long after = fileOpens(os, files, () -> all[0] = LocateAll.run(os, walk, plan[0], settings, QUIET, () -> false));

                assertEquals(files.size(), byOrder + after, order + ": each file opened once to be located");
                assertEquals(order == Order.PHYSICAL ? files.size() : 0, byOrder, order.key());
                assertEquals(LocateMethod.FIEMAP, all[0].devices().get(0).method());
                assertEquals(files.size(), all[0].seek().filesLocated(), "every synced file has a block");
                assertSame(device, plan[0].devices().get(0));
                if (order == Order.INODE) {
                    assertNull(device.located(), "the order's device is as the order made it");
                    assertFalse(plan[0].locations().known(plan[0].sequence()[0]), "the order's locations too");
                } else {
                    assertSame(device.located(), all[0].devices().get(0));
                }
                assertTrue(all[0].locations().known(plan[0].sequence()[0]));
            }
        }
    }

    private static RecordingOs.Identity identity(Path file) {
        try {
            return RecordingOs.identitiesUnder(file).iterator().next();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A signal during the locate loops (the order's, for physical order, and LocateAll's after the read):
     * each checks the stop per file, so a run stopped 10 files in opens no more files to locate them.
     */
    @Test
    void aStopEndsTheLocateLoopsAtTheFileInHand() throws Exception {
        List<Path> paths = Trees.randomTree(tmp, 300, 4_000, 7);
        Trees.sync(paths);
        Set<RecordingOs.Identity> files = paths.stream().map(LocateAllTest::identity).collect(Collectors.toSet());
        RecordingOs os = new RecordingOs(Os.load(QUIET::warning));
        try (WalkResult walk = new Walker(os, new WalkSettings(false, false, Integer.MAX_VALUE, PathFilter.NONE),
                QUIET, new Tally()).walk(List.of(PathNames.bytes(tmp.toString())), null)) {
            OrderSettings physical = new OrderSettings(Order.PHYSICAL, LocateMethod.FIEMAP, false);
            OrderPlan[] plan = new OrderPlan[1];
            long opened = fileOpens(os, files, () -> plan[0] = Orderer.plan(walk, UniqueFiles.of(walk, new Tally(), QUIET),
                    physical, os, QUIET, stopAfter(10)));
            assumeTrue(plan[0].devices().get(0).locateError() == null, "FIEMAP here: " + plan[0].devices().get(0).locateError());
            assertEquals(10, opened, "the order's loop: 10 files located, then the stop");
            assertEquals(files.size(), plan[0].sequence().length, "every file still in the order");

            OrderSettings inode = new OrderSettings(Order.INODE, LocateMethod.FIEMAP, false);
            OrderPlan byInode = Orderer.plan(walk, UniqueFiles.of(walk, new Tally(), QUIET), inode, os, QUIET);
            long after = fileOpens(os, files, () -> LocateAll.run(os, walk, byInode, inode, QUIET, stopAfter(10)));
            assertEquals(10, after, "LocateAll's loop: 10 files located, then the stop");
        }
    }

    /** A stop request that a signal sets once the loop has asked it {@code n} times. */
    private static BooleanSupplier stopAfter(int n) {
        StopRequest stop = new StopRequest();
        int[] asked = {0};
        return () -> {
            if (asked[0]++ == n) {
                stop.stop(15);
            }
            return stop.stopped();
        };
    }
}
