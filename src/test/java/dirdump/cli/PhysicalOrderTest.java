package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonObject;
import dirdump.testing.AsUser;
import dirdump.testing.DirdumpRun;
import dirdump.testing.Filefrag;
import dirdump.testing.Tmpfs;
import dirdump.testing.Trees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --order=physical and auto on real files, checked against filefrag (FIEMAP) and sysfs. */
class PhysicalOrderTest {
    @TempDir
    Path tmp;

    /** Files written in random order over several directories, synced so that they have real blocks. */
    private List<Path> syncedTree(int count) throws Exception {
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        List<Path> files = Trees.randomTree(tmp, count, 20_000, 31);
        Trees.sync(files);
        return files;
    }

    private static JsonObject device(DirdumpRun run) {
        assertEquals(1, run.summary().getAsJsonArray("devices").size(), run.out());
        return run.summary().getAsJsonArray("devices").get(0).getAsJsonObject();
    }

    @Test
    void physicalOrderReadsFilesInTheOrderOfTheirFirstPhysicalBlock() throws Exception {
        List<Path> files = syncedTree(300);
        List<Path> empty = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            empty.add(Files.createFile(tmp.resolve("d" + i).resolve("empty" + i)));
        }
        Map<Path, Long> block = Filefrag.firstBlocks(files);
        assertEquals(files.size(), block.size(), "every synced file has a block on disk");

        List<Path> read = DirdumpRun.of("--force", "-j", 1, "-v", "--order=physical", tmp).readOrder().stream()
                .map(Path::of).collect(Collectors.toList());
        assertEquals(files.size() + empty.size(), read.size());
        long previous = -1;
        for (Path p : read) {
            if (block.containsKey(p)) {
                assertTrue(block.get(p) >= previous, "physical order broken at " + p);
                previous = block.get(p);
            }
        }
        // A file without an extent is read right after the file before it in inode order.
        List<Path> byInode = new ArrayList<>(read);
        byInode.sort(Comparator.comparingLong(p -> inode(p)));
        for (Path e : empty) {
            int i = byInode.indexOf(e);
            int r = read.indexOf(e);
            assertEquals(i == 0 ? null : byInode.get(i - 1), r == 0 ? null : read.get(r - 1), "neighbour of " + e);
        }
        DirdumpRun json = DirdumpRun.json("--order=physical", tmp);
        assertEquals("fiemap", device(json).get("located_by").getAsString());
        assertEquals(files.size(), device(json).get("files_located").getAsInt());
    }

    private static long inode(Path p) {
        try {
            return Trees.inode(p);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void anOrdinaryUserLocatesWithFiemapWithoutRoot() throws Exception {
        List<Path> files = syncedTree(100);
        DirdumpRun run = AsUser.nobody(() -> DirdumpRun.json("--order=physical", tmp));
        assertEquals(0, run.status(), run.err());
        assertEquals("", run.err());
        assertEquals(100, run.count("files_read"));
        assertEquals("physical", device(run).get("order").getAsString());
        assertEquals("fiemap", device(run).get("located_by").getAsString());
        assertEquals(files.size(), device(run).get("files_located").getAsInt());
    }

    @Test
    void fibmapAsRootFindsTheSameOrderAndIsRefusedToOthersWithOneNotice() throws Exception {
        assumeTrue(AsUser.isRoot(), "FIBMAP needs CAP_SYS_RAWIO: run the tests as root to cover it");
        syncedTree(150);
        DirdumpRun fibmap = DirdumpRun.json("--order=physical", "--locate=fibmap", tmp);
        assertEquals(0, fibmap.status(), fibmap.err());
        assertEquals("fibmap", device(fibmap).get("located_by").getAsString());
        assertEquals(150, device(fibmap).get("files_located").getAsInt());
        assertEquals(DirdumpRun.of("order", "--order=physical", "--locate=fiemap", tmp).out(),
                DirdumpRun.of("order", "--order=physical", "--locate=fibmap", tmp).out());

        DirdumpRun refused = AsUser.nobody(() -> DirdumpRun.of("--force", "-j", 1, "-v", "--order=physical", "--locate=fibmap", tmp));
        assertEquals(0, refused.status(), refused.err());
        List<String> notices = notices(refused, tmp);
        assertEquals(1, notices.size(), refused.err());
        assertTrue(notices.get(0).contains("FIBMAP: Operation not permitted"), notices.get(0));
        assertEquals(DirdumpRun.of("--force", "-j", 1, "-v", "--order=inode", tmp).readOrder(), refused.readOrder());
    }

    private static List<String> notices(DirdumpRun run, Path where) {
        return run.err().lines().filter(l -> l.startsWith("dirdump: " + where + ": ")).collect(Collectors.toList());
    }

    @Test
    void onTmpfsPhysicalOrderFallsBackToInodeOrderWithOneNotice() throws Exception {
        try (Tmpfs tmpfs = Tmpfs.create(tmp)) {
            Path dir = tmpfs.dir();
            Trees.randomTree(dir, 40, 1000, 5);
            DirdumpRun run = DirdumpRun.of("--force", "-j", 1, "-v", "--order=physical", dir);
            assertEquals(0, run.status(), run.err());
            List<String> notices = notices(run, dir);
            assertEquals(1, notices.size(), run.err());
            assertTrue(notices.get(0).startsWith("dirdump: " + dir + ": tmpfs: physical blocks cannot be found (FIEMAP: "
                    + "Operation not supported"), notices.get(0));
            assertTrue(notices.get(0).endsWith("inode order on this file system"), notices.get(0));
            assertEquals(DirdumpRun.of("--force", "-j", 1, "-v", "--order=inode", dir).readOrder(), run.readOrder());

            DirdumpRun auto = DirdumpRun.json(dir);
            assertEquals("", auto.err(), "auto does not try physical order on tmpfs: nothing to warn about");
            assertEquals("none", device(auto).get("order").getAsString());
            assertTrue(device(auto).get("reason").getAsString().contains("tmpfs is in memory"), auto.out());
            assertEquals(DirdumpRun.of("--force", "-j", 1, "-v", "--order=none", dir).readOrder(), DirdumpRun.of("--force", "-j", 1, "-v", dir).readOrder());
        }
    }

    @Test
    void autoIsTheDefaultAndFollowsTheDiskPerDevice() throws Exception {
        syncedTree(20);
        // A virtio or Xen disk's flag is its host's default, not a fact: such a disk counts as non-rotating.
        String flag = Trees.shOutput(tmp, "d=/sys/dev/block/$(stat -c %Hd:%Ld .); "
                + "case $(realpath $d) in *virtio*|*/vbd-*|*xen*) echo virtual; exit;; esac; "
                + "cat $d/queue/rotational 2>/dev/null || cat $d/../queue/rotational 2>/dev/null || echo none").trim();
        try (Tmpfs tmpfs = Tmpfs.create(tmp)) {
            Trees.randomTree(tmpfs.dir(), 10, 100, 6);
            DirdumpRun run = DirdumpRun.json(tmp, tmpfs.dir());
            assertEquals("auto", run.summary().get("order").getAsString());
            assertEquals(2, run.summary().getAsJsonArray("devices").size(), run.out());
            for (var element : run.summary().getAsJsonArray("devices")) {
                JsonObject d = element.getAsJsonObject();
                // Where no disk under a PATH rotates, the read starts while the walk goes on: the order listed;
                // where one does, it waits for the walk, and the rotating disk gets physical order.
                String expected = d.get("file_system").getAsString().equals("tmpfs") ? "none"
                        : flag.equals("1") ? "physical" : "none";
                assertEquals(expected, d.get("order").getAsString(), d.toString() + " (rotational: " + flag + ")");
            }
        }
    }

    @Test
    void syncExtentsLocatesFilesNotWrittenToDiskYet() throws Exception {
        Trees.randomTree(tmp, 30, 5000, 8);  // not synced: their blocks are not allocated yet
        List<String> offsets = DirdumpRun.of("order", "--sync-extents", "--format", "%o", tmp).outLines();
        assertEquals(30, offsets.size());
        for (String o : offsets) {
            assertTrue(o.matches("\\d+"), "located: " + o);
        }
    }

    @Test
    void theSummaryShowsLocatingTimeAndWhenAskedTheSeekDistance() throws Exception {
        syncedTree(100);
        DirdumpRun human = DirdumpRun.of("--force", "-j", 1, "--seek-distance", "--order=physical", tmp);
        assertTrue(human.err().matches("(?s).*seconds: listing [\\d.]+, ordering [\\d.]+, locating [\\d.]+, reading.*"),
                human.err());
        assertTrue(human.errUnwrapped().contains("order physical (--order=physical); 100 of 100 files located by FIEMAP"),
                human.err());
        assertTrue(human.errUnwrapped().matches("(?s).*seek distance: [\\d,.]+ MiB in this order, [\\d,.]+ MiB in directory order "
                + "\\(100 of 100 files located\\).*"), human.err());
        assertTrue(!DirdumpRun.of("-v", "--order=physical", tmp).err().contains("seek distance"), "only when asked");
        assertTrue(!DirdumpRun.json("--order=physical", tmp).summary().has("seek_distance_mib"), "only when asked");

        JsonObject json = DirdumpRun.json("--seek-distance", "--order=physical", tmp).summary();
        assertTrue(json.getAsJsonObject("seconds").has("locating"));
        JsonObject seek = json.getAsJsonObject("seek_distance_mib");
        assertTrue(seek.get("order").getAsDouble() <= seek.get("directory_order").getAsDouble(), seek.toString());
        assertEquals(100, seek.get("files_located").getAsInt());
    }
}
