package dirdump.sys;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The block devices under file systems, as sysfs describes them: /sys/dev/block/MAJOR:MINOR, a link to
 * the device's directory. A partition's directory sits inside its disk's, so ".." is the disk's (the
 * kernel resolves ".." after the symlink). File systems without a block device (tmpfs, NFS, and btrfs's
 * anonymous devices) have none. Reached through {@link Os#blockDevices()}.
 */
public final class BlockDevices {
    static final BlockDevices SYSFS = new BlockDevices(Path.of("/sys/dev/block"));

    private final Path sysDevBlock;

    private BlockDevices(Path sysDevBlock) {
        this.sysDevBlock = sysDevBlock;
    }

    /** {@code sysDevBlock}: where /sys/dev/block is, so that a test can lay out its own devices. */
    public static BlockDevices at(Path sysDevBlock) {
        return new BlockDevices(sysDevBlock);
    }

    /** The queue of st_dev {@code dev} (a partition's is its disk's), or null if it is not a block device. */
    public BlockQueue queue(long dev) {
        Path device = device(dev);
        Path queue = device.resolve("queue");
        if (!Files.isDirectory(queue) && Files.exists(device.resolve("partition"))) {
            queue = device.resolve("../queue");
        }
        return Files.isDirectory(queue) ? new BlockQueue(queue, isVirtual(device)) : null;
    }

    /** The disk's model ("QEMU HARDDISK"), or null: the disk's own directory has it, a partition's is inside its disk's. */
    public String model(long dev) {
        Path device = device(dev);
        for (Path model : List.of(device.resolve("device/model"), device.resolve("../device/model"))) {
            try {
                String text = KernelFile.text(model).trim();
                if (!text.isEmpty()) {
                    return text;
                }
            } catch (IOException e) {
                // not this one: a partition, or no block device at all
            }
        }
        return null;
    }

    private Path device(long dev) {
        return sysDevBlock.resolve(DeviceNumbers.text(dev));
    }

    private static boolean isVirtual(Path device) {
        try {
            String path = device.toRealPath().toString();
            return path.contains("/virtio") || path.contains("/vbd-") || path.contains("/xen");
        } catch (IOException e) {
            return false;
        }
    }
}
