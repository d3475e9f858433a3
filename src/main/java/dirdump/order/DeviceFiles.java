package dirdump.order;

import dirdump.scan.FoundDirectories;
import dirdump.scan.FoundFiles;
import dirdump.scan.WalkResult;
import dirdump.sys.FileSystems;
import java.util.ArrayList;
import java.util.List;

/**
 * One device's files: the range [from, to) of the unique files in (device, inode) order, the
 * device's file system (statfs's f_type, and its name), and the directory that names it.
 */
record DeviceFiles(long dev, long fileSystemMagic, String fileSystem, byte[] where, int from, int to) {
    /** {@code byInode}: the unique files sorted by (device, inode), so each device is one range. */
    static List<DeviceFiles> split(WalkResult walk, int[] byInode) {
        FoundFiles files = walk.files;
        List<DeviceFiles> devices = new ArrayList<>();
        for (int from = 0, to; from < byInode.length; from = to) {
            long dev = files.dev(byInode[from]);
            to = from;
            while (to < byInode.length && files.dev(byInode[to]) == dev) {
                to++;
            }
            long magic = walk.fileSystem(dev);
            devices.add(new DeviceFiles(dev, magic, FileSystems.name(magic, dev),
                    where(walk.directories, dev, walk.path(byInode[from])), from, to));
        }
        return devices;
    }

    /** The shallowest directory walked on the device (a PATH or a mount point); a file PATH names itself. */
    private static byte[] where(FoundDirectories dirs, long dev, byte[] sample) {
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
