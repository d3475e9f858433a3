package dirdump.order;

import dirdump.scan.FoundDirectories;
import dirdump.scan.FoundFiles;
import dirdump.scan.WalkResult;
import dirdump.sys.FileSystems;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
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
            devices.add(of(walk, dev, byInode[from], from, to));
        }
        return devices;
    }

    /**
     * The devices {@link #split} gives for the files of {@code kept} (each the first name of its file),
     * the same ranges, counted in one pass over them with no sort: for files read as listed, which need
     * no (device, inode) order.
     */
    static List<DeviceFiles> count(WalkResult walk, BitSet kept) {
        FoundFiles files = walk.files;
        long[] devs = new long[4];
        int[] counts = new int[4];
        // Each device's file of the lowest inode: the first of its range in (device, inode) order.
        int[] lowest = new int[4];
        int seen = 0;
        int last = -1;
        for (int f = kept.nextSetBit(0); f >= 0; f = kept.nextSetBit(f + 1)) {
            long dev = files.dev(f);
            if (last < 0 || devs[last] != dev) {
                last = 0;
                while (last < seen && devs[last] != dev) {
                    last++;
                }
                if (last == seen) {
                    if (seen == devs.length) {
                        devs = Arrays.copyOf(devs, seen * 2);
                        counts = Arrays.copyOf(counts, seen * 2);
                        lowest = Arrays.copyOf(lowest, seen * 2);
                    }
                    devs[seen] = dev;
                    lowest[seen++] = f;
                }
            }
            counts[last]++;
            if (Long.compareUnsigned(files.ino(f), files.ino(lowest[last])) < 0) {
                lowest[last] = f;
            }
        }
        Integer[] byDev = new Integer[seen];
        for (int i = 0; i < seen; i++) {
            byDev[i] = i;
        }
        long[] d = devs;
        Arrays.sort(byDev, (a, b) -> Long.compareUnsigned(d[a], d[b]));
        List<DeviceFiles> devices = new ArrayList<>();
        int from = 0;
        for (int i : byDev) {
            devices.add(of(walk, devs[i], lowest[i], from, from + counts[i]));
            from += counts[i];
        }
        return devices;
    }

    /** Device {@code dev}'s files, [from, to) in (device, inode) order, {@code first} the first of them. */
    private static DeviceFiles of(WalkResult walk, long dev, int first, int from, int to) {
        long magic = walk.fileSystem(dev);
        return new DeviceFiles(dev, magic, FileSystems.name(magic, dev), named(walk.directories, dev, walk.path(first)),
                from, to);
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
