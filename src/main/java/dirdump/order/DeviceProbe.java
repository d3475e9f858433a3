package dirdump.order;

import dirdump.sys.BlockQueue;
import dirdump.sys.Os;
import dirdump.sys.SysException;
import java.nio.file.Path;

/** What --order=auto asks of a device: its file system (statfs) and whether its disk rotates (sysfs). */
public final class DeviceProbe {
    private final Os os;
    private final Path sysDevBlock;

    public DeviceProbe(Os os) {
        this(os, BlockQueue.SYS_DEV_BLOCK);
    }

    /** {@code sysDevBlock}: where /sys/dev/block is, so that a test can lay out its own devices. */
    DeviceProbe(Os os, Path sysDevBlock) {
        this.os = os;
        this.sysDevBlock = sysDevBlock;
    }

    /** The statfs magic number of the file system holding {@code path}; 0 if it cannot be known. */
    public long fileSystemType(byte[] path) {
        try {
            return os.fileSystemType(path);
        } catch (SysException e) {
            return 0;  // the java.nio fallback, or the file went away: decided as an unknown file system
        }
    }

    /** Whether the disk under {@code dev} rotates, by /sys/dev/block/MAJOR:MINOR/queue (see BlockQueue). */
    public Rotation rotation(long dev) {
        BlockQueue queue = BlockQueue.of(sysDevBlock, dev);
        if (queue == null) {
            return Rotation.UNKNOWN;
        }
        return queue.virtual() ? Rotation.VIRTUAL : queue.rotational() ? Rotation.ROTATING : Rotation.NON_ROTATING;
    }
}
