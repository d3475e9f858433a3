package dirdump.order;

import dirdump.scan.FoundDirectories;
import dirdump.scan.FoundFiles;
import dirdump.scan.WalkResult;
import dirdump.sys.FileSystems;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One device's files: the range [from, to) of the unique files in (device, inode) order, the
 * device's file system (statfs's f_type, and its name), and the directories that name it.
 *
 * @param named the shallowest directories walked on the device, shortest first: each PATH on it (or
 *              its mount point); a file PATH names itself. Never empty.
 */
record DeviceFiles(long dev, long fileSystemMagic, String fileSystem, List<byte[]> named, int from, int to) {
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
                    named(walk.directories, dev, walk.path(byInode[from])), from, to));
        }
        return devices;
    }

    /** The first directory that names the device: the shortest of them. */
    byte[] where() {
        return named.get(0);
    }

    /**
     * The shallowest directories walked on the device (the PATHs on it, or a mount point), shortest
     * first; a file PATH names itself. --files-from makes one root of each directory it names files in:
     * the caller shows a few.
     */
    private static List<byte[]> named(FoundDirectories dirs, long dev, byte[] sample) {
        int depth = Integer.MAX_VALUE;
        for (int d = 0; d < dirs.size(); d++) {
            if (dirs.dev(d) == dev) {
                depth = Math.min(depth, dirs.depth(d));
            }
        }
        List<byte[]> named = new ArrayList<>();
        for (int d = 0; d < dirs.size(); d++) {
            if (dirs.dev(d) == dev && dirs.depth(d) == depth) {
                byte[] path = dirs.path(d);
                if (path.length > 0) {
                    named.add(path);
                }
            }
        }
        named.sort(Comparator.comparingInt(p -> p.length));  // stable: the PATHs' order among equals
        return named.isEmpty() ? List.of(sample) : named;
    }
}
