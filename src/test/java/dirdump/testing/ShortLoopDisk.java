package dirdump.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * An ext4 file system (or another: ext2, ext3) on a loop device whose backing file can be cut short while it is mounted: reads
 * of the blocks past the cut then fail with EIO, as on a disk with bad sectors. Root only, with
 * losetup, mkfs.ext4 and mount, and where the machine may be changed ({@link SystemTests}); skipped
 * with the reason otherwise. Closing unmounts it and detaches
 * the loop device this made, whatever state the test left them in.
 */
public final class ShortLoopDisk implements AutoCloseable {
    private final Path image;
    private final Path mountPoint;
    private String device;
    private boolean mounted;

    private ShortLoopDisk(Path image, Path mountPoint) {
        this.image = image;
        this.mountPoint = mountPoint;
    }

    /** A 64 MiB file system of 4 KiB blocks in {@code scratch}, mounted; no journal, so that no write can fail later. */
    public static ShortLoopDisk create(Path scratch) throws Exception {
        return create(scratch, "mkfs.ext4 -q -F -b 4096 -O ^has_journal");
    }

    /**
     * The same, of the file system {@code mkfs} makes ("mkfs.ext3 -q -F", given the image's name after
     * it), mounted as mount(8) finds it to be.
     */
    public static ShortLoopDisk create(Path scratch, String mkfs) throws Exception {
        SystemTests.assumeAllowed("attaches a loop device and mounts it");
        assumeTrue(AsUser.isRoot(), "a loop device needs root");
        String mkfsTool = mkfs.split(" ")[0];
        for (String tool : new String[] {"losetup", mkfsTool, "mount", "umount"}) {
            Tools.which(tool);
        }
        ShortLoopDisk disk = new ShortLoopDisk(scratch.resolve("disk.img"), Files.createDirectories(scratch.resolve("mnt")));
        try (RandomAccessFile f = new RandomAccessFile(disk.image.toFile(), "rw")) {
            f.setLength(64 << 20);
        }
        assumeTrue(Trees.sh(scratch, mkfs + " disk.img") == 0, mkfsTool + " failed");
        try {
            String device = Trees.shOutput(scratch, "losetup -f --show disk.img 2>/dev/null").trim();
            assumeTrue(device.startsWith("/dev/loop"), "no loop device can be had here");
            disk.device = device;
            assumeTrue(Trees.sh(scratch, "mount -o noatime " + device + " mnt") == 0, "cannot mount " + mkfsTool + "'s file system on " + device);
            disk.mounted = true;
        } catch (Throwable e) {
            disk.close();
            throw e;
        }
        return disk;
    }

    public Path dir() {
        return mountPoint;
    }

    /** Cuts the backing file at byte {@code size} and has the loop device take its new size. */
    public void cut(long size) throws Exception {
        try (RandomAccessFile f = new RandomAccessFile(image.toFile(), "rw")) {
            f.setLength(size);
        }
        if (Trees.sh(image.getParent(), "losetup -c " + device) != 0) {
            throw new AssertionError("losetup -c " + device + " failed");
        }
    }

    @Override
    public void close() throws Exception {
        if (mounted && Trees.sh(image.getParent(), "umount mnt || umount -l mnt") == 0) {
            mounted = false;
        }
        if (device != null && Trees.sh(image.getParent(), "losetup -d " + device) == 0) {
            device = null;
        }
    }
}
