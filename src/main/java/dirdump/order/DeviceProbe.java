package dirdump.order;

import dirdump.sys.BlockDevices;
import dirdump.sys.BlockQueue;
import dirdump.sys.Os;
import java.nio.file.Path;

/**
 * What --order=auto asks of a device beside its file system (which the walk asked of its first
 * directory): whether its disk rotates (sysfs).
 */
public final class DeviceProbe {
    private final BlockDevices devices;

    public DeviceProbe() {
        this.devices = Os.blockDevices();
    }

    /** {@code sysDevBlock}: where /sys/dev/block is, so that a test can lay out its own devices. */
    DeviceProbe(Path sysDevBlock) {
        this.devices = BlockDevices.at(sysDevBlock);
    }

    /** As above, with the test's own /proc/self/mountinfo (where btrfs's anonymous devices find their disk). */
    DeviceProbe(Path sysDevBlock, Path mountinfo) {
        this.devices = BlockDevices.at(sysDevBlock, mountinfo);
    }

    /** Whether the disk under {@code dev} rotates, by /sys/dev/block/MAJOR:MINOR/queue (see BlockQueue). */
    public Rotation rotation(long dev) {
        BlockQueue queue = devices.queue(dev);
        if (queue == null) {
            return Rotation.UNKNOWN;
        }
        return queue.virtual() ? Rotation.VIRTUAL : queue.rotational() ? Rotation.ROTATING : Rotation.NON_ROTATING;
    }

}
