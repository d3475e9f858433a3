package dirdump.sys;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * What sysfs says about the block device under a file system: /sys/dev/block/MAJOR:MINOR/queue. A
 * partition has no queue of its own: its directory sits inside its disk's, so ../queue is the disk's
 * (the kernel resolves ".." after the symlink). File systems without a block device (tmpfs, NFS, and
 * btrfs's anonymous devices) have none.
 */
public final class BlockQueue {
    public static final Path SYS_DEV_BLOCK = Path.of("/sys/dev/block");

    private final Path queue;
    private final boolean virtual;

    private BlockQueue(Path queue, boolean virtual) {
        this.queue = queue;
        this.virtual = virtual;
    }

    /** The queue of st_dev {@code dev}, or null if it is not a block device. */
    public static BlockQueue of(long dev) {
        return of(SYS_DEV_BLOCK, dev);
    }

    /** {@code sysDevBlock}: where /sys/dev/block is, so that a test can lay out its own devices. */
    public static BlockQueue of(Path sysDevBlock, long dev) {
        Path device = sysDevBlock.resolve(DeviceNumbers.text(dev));
        Path queue = device.resolve("queue");
        if (!Files.isDirectory(queue) && Files.exists(device.resolve("partition"))) {
            queue = device.resolve("../queue");
        }
        return Files.isDirectory(queue) ? new BlockQueue(queue, isVirtual(device)) : null;
    }

    /** sysfs's "rotational" flag: 1 for a rotating disk. */
    public boolean rotational() {
        return number("rotational").orElse(0) == 1;
    }

    /**
     * A paravirtual disk (virtio, Xen): it reports rotational=1 unless its host says otherwise, so its
     * flag says nothing of the storage behind it (here, one served 92,000 random reads a second).
     */
    public boolean virtual() {
        return virtual;
    }

    /** The largest read-ahead the kernel does at once for this device, in bytes. */
    public OptionalLong readAheadBytes() {
        OptionalLong kb = number("read_ahead_kb");
        return kb.isPresent() ? OptionalLong.of(kb.getAsLong() * 1024) : kb;
    }

    private OptionalLong number(String file) {
        try {
            return OptionalLong.of(Long.parseLong(Files.readString(queue.resolve(file)).trim()));
        } catch (IOException | NumberFormatException e) {
            return OptionalLong.empty();
        }
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
