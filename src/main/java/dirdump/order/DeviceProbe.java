package dirdump.order;

import dirdump.sys.DeviceNumbers;
import dirdump.sys.Os;
import dirdump.sys.SysException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** What --order=auto asks of a device: its file system (statfs) and whether its disk rotates (sysfs). */
public final class DeviceProbe {
    private final Os os;
    private final Path sysDevBlock;

    public DeviceProbe(Os os) {
        this(os, Path.of("/sys/dev/block"));
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

    /**
     * /sys/dev/block/MAJOR:MINOR/queue/rotational. A partition has no queue of its own: its directory
     * sits inside its disk's, so ../queue is the disk's (the kernel resolves ".." after the symlink).
     */
    public Rotation rotation(long dev) {
        Path device = sysDevBlock.resolve(DeviceNumbers.text(dev));
        Path queue = device.resolve("queue");
        if (!Files.isDirectory(queue) && Files.exists(device.resolve("partition"))) {
            queue = device.resolve("../queue");
        }
        try {
            String flag = Files.readString(queue.resolve("rotational")).trim();
            return flag.equals("1") ? Rotation.ROTATING : flag.equals("0") ? Rotation.NON_ROTATING : Rotation.UNKNOWN;
        } catch (IOException e) {
            return Rotation.UNKNOWN;
        }
    }
}
