package dirdump.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.testing.BuiltJar;
import dirdump.testing.Launched;
import dirdump.testing.RotatingDisk;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The order on a rotating disk, the tool's reason to be: on the emulated 7200 rpm disk
 * (bench/rotating-disk.sh), ext4, a cold cache, dirdump's defaults cost at most a tenth of the disk's
 * modeled time that reading the files one after another in directory order costs (the original
 * experiment's 23.6x; docs/performance.md); on an aged ext4, physical order costs no more than inode
 * order and auto takes it; on btrfs, auto finds the rotating disk. Compared on modeled time, which does not depend on how busy
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
            Map<String, Double> defaults = coldRead(disk, set);

            assertTrue(directoryOrder.get("bytes") >= total[0], "every byte came from the disk: " + directoryOrder);
            assertTrue(defaults.get("bytes") >= total[0], "every byte came from the disk: " + defaults);
            assertTrue(defaults.get("busy_ms") * 10 <= directoryOrder.get("busy_ms"),
                    "modeled disk time: defaults " + defaults + ", directory order " + directoryOrder);
        }
    }

    @Test
    void onAnAgedExt4PhysicalOrderCostsNoMoreThanInodeOrderAndAutoTakesIt() throws Exception {
        try (RotatingDisk disk = RotatingDisk.up(scratch, "ext4", "1G")) {
            Path set = disk.mnt().resolve("set");
            disk.fill(mnt -> {
                smallFiles(set);
                age(set);
            });
            Map<String, Double> inode = coldRead(disk, set, "--order=inode", "-j1");
            Map<String, Double> physical = coldRead(disk, set, "--order=physical", "-j1");
            assertTrue(physical.get("busy_ms") <= inode.get("busy_ms"),
                    "modeled disk time: physical " + physical + ", inode " + inode);
            disk.cold();
            Launched auto = BuiltJar.run("-v", "--force", set.toString());
            assertEquals(0, auto.status(), auto.err());
            assertTrue(auto.errUnwrapped().contains("order physical (rotating disk"), auto.errUnwrapped());
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
            assertTrue(said.contains("8 readers") && said.contains("order physical (rotating disk"), said);
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

    /**
     * Ages the set as bench/age-set.py does: in one shuffled sequence a quarter of the files deleted, a
     * quarter appended to, 15 % rewritten, a third as many new ones written, so that inode order and
     * disk order part.
     */
    private static void age(Path set) throws Exception {
        Random random = new Random(7);
        List<String[]> ops = new ArrayList<>();
        try (var names = Files.list(set)) {
            for (Path p : names.sorted().toList()) {
                double x = random.nextDouble();
                String op = x < 0.25 ? "delete" : x < 0.5 ? "append" : x < 0.65 ? "rewrite" : null;
                if (op != null) {
                    ops.add(new String[] {op, p.getFileName().toString()});
                }
            }
        }
        for (int i = 0; i < FILES / 3; i++) {
            ops.add(new String[] {"new", String.format("n%05d", i)});
        }
        Collections.shuffle(ops, random);
        for (String[] op : ops) {
            Path p = set.resolve(op[1]);
            if (op[0].equals("delete")) {
                Files.delete(p);
            } else if (op[0].equals("append")) {
                byte[] more = new byte[1000 + random.nextInt(11_000)];
                random.nextBytes(more);
                Files.write(p, more, java.nio.file.StandardOpenOption.APPEND);
            } else {
                byte[] data = new byte[(int) Math.round(100 * Math.pow(200, random.nextDouble()))];
                random.nextBytes(data);
                Files.write(p, data);
            }
        }
    }

    /**
     * {@link #FILES} files of 100 B to 20 KB in one directory, made in a shuffled order (so that the
     * directory's order, the inodes' and the blocks' differ, as testdata-gen makes them); their bytes.
     */
    private static long smallFiles(Path set) throws Exception {
        Files.createDirectories(set);
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < FILES; i++) {
            order.add(i);
        }
        Random random = new Random(30);
        Collections.shuffle(order, random);
        long total = 0;
        for (int i : order) {
            // Log-uniform sizes: most files small, as in the original data set.
            int size = (int) Math.round(100 * Math.pow(200, random.nextDouble()));
            byte[] data = new byte[size];
            random.nextBytes(data);
            Files.write(set.resolve(String.format("f%05d", i)), data);
            total += size;
        }
        return total;
    }
}
