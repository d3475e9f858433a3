package dirdump.order;

import dirdump.scan.DirectoryTable;
import dirdump.scan.FileList;
import dirdump.scan.Listing;
import dirdump.sys.FileSystems;
import java.util.ArrayList;
import java.util.List;

/** Splits a run's files by device and gives each device its order: the one asked for, or auto's choice. */
final class Devices {
    private Devices() {
    }

    /** {@code byInode}: the unique files sorted by (device, inode), so each device is one range. */
    static List<DeviceOrder> of(Listing listing, int[] byInode, Order asked, DeviceProbe probe) {
        FileList files = listing.files;
        List<DeviceOrder> devices = new ArrayList<>();
        for (int from = 0, to; from < byInode.length; from = to) {
            long dev = files.dev(byInode[from]);
            to = from;
            while (to < byInode.length && files.dev(byInode[to]) == dev) {
                to++;
            }
            byte[] sample = listing.path(byInode[from]);
            long magic = listing.fileSystem(dev);
            AutoOrder.Choice choice = asked == Order.AUTO
                    ? AutoOrder.choose(magic, probe.rotation(dev))
                    : new AutoOrder.Choice(asked, "--order=" + asked.key());
            devices.add(new DeviceOrder(dev, FileSystems.name(magic), where(listing.directories, dev, sample),
                    from, to, choice.order(), choice.reason()));
        }
        return devices;
    }

    /** The shallowest directory walked on the device (a PATH or a mount point); a file PATH names itself. */
    private static byte[] where(DirectoryTable dirs, long dev, byte[] sample) {
        int best = -1;
        for (int d = 0; d < dirs.size(); d++) {
            // Among roots, the shortest: --files-from makes one root of each directory it names files in.
            if (dirs.dev(d) == dev && (best < 0 || dirs.depth(d) < dirs.depth(best)
                    || dirs.depth(d) == dirs.depth(best) && dirs.name(d).length < dirs.name(best).length)) {
                best = d;
            }
        }
        byte[] path = best < 0 ? new byte[0] : dirs.path(best);
        return path.length > 0 ? path : sample;
    }
}
