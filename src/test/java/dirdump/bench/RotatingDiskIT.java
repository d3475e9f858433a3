package dirdump.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dirdump.testdata.TestdataGen;
import dirdump.testing.BuiltJar;
import dirdump.testing.Launched;
import dirdump.testing.RotatingDisk;
import dirdump.testing.RunSchema;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The order on a rotating disk, the tool's reason to be: on the emulated 7200 rpm disk
 * (bench/rotating-disk.sh), ext4, a cold cache, dirdump's defaults cost at most a tenth of the disk's
 * modeled time that reading the files one after another in directory order costs (the original
 * experiment's 23.6x; docs/performance.md), with one reader there (a fresh set: one sweep); on an aged
 * ext4, physical order costs no more than inode order, auto takes it, and 64 readers (the files in
 * pieces) cost less than one; on btrfs, auto finds the rotating disk. Compared on modeled time, which does not depend on how busy
 * this machine is. Root, FUSE, a loop device, gcc and libfuse3's header; skipped with the reason otherwise.
 */
class RotatingDiskIT {
    private static final int FILES = 2000;

    @TempDir
    Path scratch;

    @Test
    void theDefaultsCostATenthOfDirectoryOrder() throws Exception {
        try (RotatingDisk disk = RotatingDisk.up(scratch, "ext4", "1G")) {
            Path set = disk.mnt().resolve("set");
            long[] total = {0};
            disk.fill(mnt -> total[0] = smallFiles(set));

            Map<String, Double> directoryOrder = coldRead(disk, set, "--nosort", "-j1");
            JsonObject said = new JsonObject();
            Map<String, Double> defaults = coldRead(disk, set, said);
            Map<String, Double> many = coldRead(disk, set, "--order=physical", "-j64");

            assertTrue(directoryOrder.get("bytes") >= total[0], "every byte came from the disk: " + directoryOrder);
            assertTrue(defaults.get("bytes") >= total[0], "every byte came from the disk: " + defaults);
            assertTrue(defaults.get("busy_ms") * 10 <= directoryOrder.get("busy_ms"),
                    "modeled disk time: defaults " + defaults + ", directory order " + directoryOrder);
            // Fresh: every file in one piece, one sweep: one reader, and no more disk time than 64 readers
            // (within the spread between runs, a few percent: docs/performance.md).
            assertEquals(1, said.get("jobs").getAsInt(), said.toString());
            assertTrue(said.get("jobs_reason").getAsString().startsWith("rotating disk, its files in one sweep: 0 of "),
                    said.toString());
            assertTrue(defaults.get("occupied_ms") <= many.get("occupied_ms") * 1.1,
                    "occupied disk time: defaults " + defaults + ", 64 readers " + many);
        }
    }

    @Test
    void onAnAgedExt4PhysicalOrderCostsNoMoreThanInodeOrderAndAutoTakesIt() throws Exception {
        try (RotatingDisk disk = RotatingDisk.up(scratch, "ext4", "1G")) {
            Path set = disk.mnt().resolve("set");
            disk.fill(mnt -> smallFiles(set, "--age"));
            Map<String, Double> inode = coldRead(disk, set, "--order=inode", "-j1");
            Map<String, Double> physical = coldRead(disk, set, "--order=physical", "-j1");
            assertTrue(physical.get("busy_ms") <= inode.get("busy_ms"),
                    "modeled disk time: physical " + physical + ", inode " + inode);
            JsonObject said = new JsonObject();
            Map<String, Double> defaults = coldRead(disk, set, said);
            JsonObject device = said.getAsJsonArray("devices").get(0).getAsJsonObject();
            assertEquals("physical", device.get("order").getAsString(), said.toString());
            assertTrue(device.get("reason").getAsString().startsWith("rotating disk"), said.toString());
            // Aged: files in pieces; 64 readers let the elevator sweep over them, at less disk time than one.
            assertTrue(device.get("files_elsewhere").getAsInt() * 100 > device.get("files_located").getAsInt(),
                    said.toString());
            assertEquals(64, said.get("jobs").getAsInt(), said.toString());
            assertTrue(said.get("jobs_reason").getAsString().startsWith("rotating disk, its files in pieces: "),
                    said.toString());
            assertTrue(defaults.get("occupied_ms") < physical.get("occupied_ms"),
                    "occupied disk time: defaults " + defaults + ", physical order with one reader " + physical);
        }
    }

    @Test
    void onBtrfsAutoFindsTheRotatingDiskUnderItsAnonymousDevice() throws Exception {
        // btrfs gives its files a device of no block device's; the disk is the one its mount names.
        try (RotatingDisk disk = RotatingDisk.up(scratch, "btrfs", "1G")) {
            Path set = disk.mnt().resolve("set");
            disk.fill(mnt -> smallFiles(set));
            disk.cold();
            Launched run = BuiltJar.run("-v", "--force", set.toString());
            assertEquals(0, run.status(), run.err());
            String said = run.errUnwrapped();
            // The readers chosen for a rotating disk, and why, as the order is.
            assertTrue(said.contains("readers: ") && said.contains("(rotating disk, its files in ")
                    && said.contains("order physical (rotating disk"), said);
        }
    }

    /** The disk's counters for one read of {@code set} from a cold cache, with these read options. */
    private static Map<String, Double> coldRead(RotatingDisk disk, Path set, String... options) throws Exception {
        disk.cold();
        List<String> args = new ArrayList<>(List.of("--force", "--quiet"));
        args.addAll(List.of(options));
        args.add(set.toString());
        Launched run = BuiltJar.run(args.toArray(String[]::new));
        assertEquals(0, run.status(), run.err());
        return disk.stats();
    }

    /** The disk's counters for one read with the defaults from a cold cache; its --json summary into {@code said}. */
    private static Map<String, Double> coldRead(RotatingDisk disk, Path set, JsonObject said) throws Exception {
        disk.cold();
        Launched run = BuiltJar.run("--force", "--json", set.toString());
        assertEquals(0, run.status(), run.err());
        RunSchema.check(run.out());
        JsonParser.parseString(run.out()).getAsJsonObject().entrySet().forEach(e -> said.add(e.getKey(), e.getValue()));
        return disk.stats();
    }

    /**
     * {@link #FILES} files of 100 B to 20 KB in one directory, made by testdata-gen (in a shuffled order, so
     * that the directory's order, the inodes' and the blocks' differ), then aged with {@code --age} if
     * asked; the bytes there are then.
     */
    private static long smallFiles(Path set, String... more) throws Exception {
        List<String> args = new ArrayList<>(List.of("--files", "" + FILES, set.toString()));
        args.addAll(List.of(more));
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        PrintStream to = new PrintStream(said, true, StandardCharsets.UTF_8);
        assertEquals(0, TestdataGen.run(args.toArray(String[]::new), to, to, false), said.toString(StandardCharsets.UTF_8));
        try (Stream<Path> files = Files.list(set)) {
            return files.mapToLong(p -> p.toFile().length()).sum();
        }
    }
}
