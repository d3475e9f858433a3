package dirdump.sys;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The block devices under file systems, as sysfs describes them: /sys/dev/block/MAJOR:MINOR, a link to
 * the device's directory. A partition's directory sits inside its disk's, so ".." is the disk's (the
 * kernel resolves ".." after the symlink). File systems without a block device (tmpfs, NFS) have none.
 * btrfs gives its files an anonymous device (a subvolume's): its disk is the block device that the mount
 * whose mount point has that device names as source (/proc/self/mountinfo; one of them, for a file
 * system over several; a subvolume below a mount point, with a device of its own, is not found). Reached through
 * {@link Os#blockDevices()}.
 */
public final class BlockDevices {
    static final BlockDevices SYSFS = new BlockDevices(Path.of("/sys/dev/block"), Path.of("/proc/self/mountinfo"));

    private static final int S_IFMT = 0170000;
    private static final int S_IFBLK = 0060000;

    private final Path sysDevBlock;
    private final Path mountinfo;

    private BlockDevices(Path sysDevBlock, Path mountinfo) {
        this.sysDevBlock = sysDevBlock;
        this.mountinfo = mountinfo;
    }

    /** {@code sysDevBlock}: where /sys/dev/block is, so that a test can lay out its own devices. */
    public static BlockDevices at(Path sysDevBlock) {
        return new BlockDevices(sysDevBlock, sysDevBlock.resolveSibling("no-mountinfo"));
    }

    /** As {@link #at(Path)}, with a mountinfo of the test's too. */
    public static BlockDevices at(Path sysDevBlock, Path mountinfo) {
        return new BlockDevices(sysDevBlock, mountinfo);
    }

    /**
     * The queue of st_dev {@code dev} (a partition's is its disk's; an anonymous device's, that of the
     * block device its mount names), or null if no block device is under it.
     */
    public BlockQueue queue(long dev) {
        BlockQueue queue = ownQueue(dev);
        if (queue == null && DeviceNumbers.major(dev) == 0) {
            Long source = mountSource(dev);
            if (source != null && DeviceNumbers.major(source) != 0) {
                queue = ownQueue(source);
            }
        }
        return queue;
    }

    /**
     * The device number of the block device that the mount of {@code dev} names as its source, or null:
     * mountinfo's third field is the mount's device, and after " - " come its type and source (octal
     * escapes for spaces). Only stat'ed, never opened: a user's FUSE mount may name any device, which
     * would only steer the order it is read in.
     */
    private Long mountSource(long dev) {
        String majorMinor = DeviceNumbers.text(dev);
        for (MountInfo.Mount m : MountInfo.read(mountinfo)) {
            if (!m.source().startsWith("/dev/")
                    || !(m.device().equals(majorMinor) || m.type().equals("btrfs") && devOf(m.point()) == dev)) {
                continue;
            }
            try {
                Path source = Path.of(m.source());
                int mode = (Integer) Files.getAttribute(source, "unix:mode");
                if ((mode & S_IFMT) == S_IFBLK) {
                    return (Long) Files.getAttribute(source, "unix:rdev");
                }
            } catch (IOException | RuntimeException e) {
                // gone, or not a device: no disk known
            }
        }
        return null;
    }

    /**
     * st_dev of a btrfs mount point: its files' anonymous device is the subvolume's, not the one
     * mountinfo gives. Only btrfs mount points are stat'ed (no network mount that could hang).
     */
    private static long devOf(String mountPoint) {
        try {
            return (Long) Files.getAttribute(Path.of(mountPoint), "unix:dev");
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private BlockQueue ownQueue(long dev) {
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
