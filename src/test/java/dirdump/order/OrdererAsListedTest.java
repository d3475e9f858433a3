package dirdump.order;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

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
import dirdump.testing.Tmpfs;
import dirdump.testing.Trees;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The devices of files read as listed (Orderer#asListed, after the pipeline passed them through) are
 * those the global order gives them (Orderer#plan), field by field, read as listed where the global order
 * would sort them, counted without a sort, and no sequence is made: over two devices (a disk's file system and
 * tmpfs, whose own reason stays), with second names of files left out.
 */
class OrdererAsListedTest {
    private static final Reporter QUIET = new StderrReporter(new PrintStream(OutputStream.nullOutputStream()),
            StderrReporter.Verbosity.QUIET);

    @TempDir
    Path tmp;

    @Test
    void theDevicesAndTheirCountsOfTheGlobalOrderWithNoSequence() throws Exception {
        Path disk = tmp.resolve("disk");
        List<Path> files = Trees.randomTree(disk, 300, 100, 9);
        Files.createLink(disk.resolve("second-name"), files.get(7));
        Os os = Os.load(QUIET::warning);
        try (Tmpfs memory = Tmpfs.create(tmp)) {
            Trees.randomTree(memory.dir(), 40, 100, 10);
            List<byte[]> paths = List.of(PathNames.bytes(memory.dir().toString()), PathNames.bytes(disk.toString()));
            try (WalkResult walk = new Walker(os, new WalkSettings(false, false, Integer.MAX_VALUE, PathFilter.NONE),
                    QUIET, new Tally()).walk(paths, null)) {
                UniqueFiles unique = UniqueFiles.of(walk, new Tally(), QUIET);
                BitSet kept = new BitSet();
                for (int f : unique.byInode()) {
                    kept.set(f);
                }
                OrderPlan global = Orderer.plan(walk, unique, new OrderSettings(Order.AUTO, LocateMethod.AUTO, false),
                        os, QUIET, () -> false);
                OrderPlan asListed = Orderer.asListed(walk, kept);

                assertEquals(340, walk.files.size() - 1, "the second name is listed");
                assertEquals(2, global.devices().size());
                assertEquals(global.devices().size(), asListed.devices().size());
                for (int i = 0; i < global.devices().size(); i++) {
                    DeviceOrder g = global.devices().get(i);
                    DeviceOrder a = asListed.devices().get(i);
                    assertEquals(g.dev(), a.dev());
                    assertEquals(g.fileSystem(), a.fileSystem());
                    assertEquals(g.named().size(), a.named().size());
                    for (int n = 0; n < g.named().size(); n++) {
                        assertArrayEquals(g.named().get(n), a.named().get(n));
                    }
                    assertEquals(g.from(), a.from());
                    assertEquals(g.to(), a.to());
                    // read as listed, but where the file system's own order is none (tmpfs): its reason stays
                    assertEquals(Order.NONE, a.order());
                    assertEquals(g.order() == Order.NONE ? g.reason() : AutoOrder.READ_AS_LISTED.reason(), a.reason());
                    assertNull(a.located());
                }
                assertEquals(340, asListed.files());
                assertEquals(global.sequence().length, asListed.files());
                assertNull(asListed.sequence(), "no order made");
                assertNull(asListed.byInode(), "no sort by inode");
            }
        }
    }

    /** A device of file PATHs only (no directory walked on it) is named as the global order names it. */
    @Test
    void aDeviceOfFilePathsOnlyIsNamedTheSame() throws Exception {
        List<Path> files = Trees.randomTree(tmp, 20, 100, 11);
        Os os = Os.load(QUIET::warning);
        List<byte[]> paths = files.stream().map(p -> PathNames.bytes(p.toString())).toList();
        try (WalkResult walk = new Walker(os, new WalkSettings(false, false, Integer.MAX_VALUE, PathFilter.NONE),
                QUIET, new Tally()).walk(paths, null)) {
            UniqueFiles unique = UniqueFiles.of(walk, new Tally(), QUIET);
            BitSet kept = new BitSet();
            kept.set(0, walk.files.size());
            OrderPlan global = Orderer.plan(walk, unique, new OrderSettings(Order.AUTO, LocateMethod.AUTO, false),
                    os, QUIET, () -> false);
            DeviceOrder a = Orderer.asListed(walk, kept).devices().get(0);
            DeviceOrder g = global.devices().get(0);
            assertEquals(g.named().size(), a.named().size());
            for (int n = 0; n < g.named().size(); n++) {
                assertArrayEquals(g.named().get(n), a.named().get(n));
            }
            assertEquals(20, a.files());
        }
    }
}
