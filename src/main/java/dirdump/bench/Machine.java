package dirdump.bench;

import dirdump.order.DeviceOrder;
import dirdump.outcome.PathText;
import dirdump.sys.BlockDevices;
import dirdump.sys.BlockQueue;
import dirdump.sys.DeviceNumbers;
import dirdump.sys.Host;
import dirdump.sys.Os;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * What a reader of a benchmark needs to know of where it ran: when, the host, its kernel and cores,
 * the dirdump version, and each device the files lie on (its file system, the disk's model and whether
 * it rotates, as sysfs says). Anything the system does not tell is null.
 */
public record Machine(String date, String host, String kernel, int cores, String dirdumpVersion, List<Disk> disks) {

    /** A device the files lie on: {@code path}, the first PATH on it; {@code model}: /sys/block/DEV/device/model. */
    public record Disk(String device, String path, String fileSystem, String model, Boolean rotational, boolean virtual) {
    }

    public static Machine of(Instant start, String version, List<DeviceOrder> devices) {
        List<Disk> disks = new ArrayList<>();
        BlockDevices sysfs = Os.blockDevices();
        for (DeviceOrder d : devices) {
            BlockQueue queue = sysfs.queue(d.dev());
            disks.add(new Disk(DeviceNumbers.text(d.dev()), PathText.of(d.where()), d.fileSystem(),
                    sysfs.model(d.dev()), queue == null ? null : queue.rotational(), queue != null && queue.virtual()));
        }
        return new Machine(start.truncatedTo(ChronoUnit.SECONDS).toString(), Host.name(),
                Host.kernelRelease(), Runtime.getRuntime().availableProcessors(), version, disks);
    }
}
