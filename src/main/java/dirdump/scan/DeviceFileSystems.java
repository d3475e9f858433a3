package dirdump.scan;

import dirdump.sys.Directory;
import dirdump.sys.FileSystems;
import dirdump.sys.Os;
import dirdump.sys.SysException;
import java.util.HashMap;
import java.util.Map;

/**
 * The file system (statfs magic) of each device the walk meets, asked once a device: what is on a
 * pseudo file system (proc, sysfs) has no page cache to warm, and on overlayfs a file's device is its
 * layer's and its inode number need not be unique, so each file there is stat'ed.
 */
final class DeviceFileSystems {
    private static final long OVERLAYFS = 0x794C7630L;

    private final Os os;
    private final Map<Long, Long> byDevice = new HashMap<>();

    DeviceFileSystems(Os os) {
        this.os = os;
    }

    /** The file system of {@code dev}, asked of {@code dir} the first time the device is met. */
    long of(long dev, Directory dir) {
        Long known = byDevice.get(dev);
        if (known != null) {
            return known;
        }
        long magic;
        try {
            magic = os.fileSystemType(dir);
        } catch (SysException e) {
            magic = 0;  // the java.nio fallback: decided as an unknown file system
        }
        byDevice.put(dev, magic);
        return magic;
    }

    /** Whether directory {@code dir}, on {@code dev}, is on a pseudo file system. */
    boolean pseudo(long dev, Directory dir) {
        return FileSystems.pseudo(of(dev, dir));
    }

    /** Whether file {@code name} of {@code dir}, which may lie on another device ({@code dev}) than it, is on a pseudo file system. */
    boolean pseudoFile(Directory dir, byte[] name, long dev, boolean follow) {
        Long known = byDevice.get(dev);
        if (known != null) {
            return FileSystems.pseudo(known);
        }
        try {
            long magic = os.fileSystemType(dir, name, follow);
            byDevice.put(dev, magic);
            return FileSystems.pseudo(magic);
        } catch (SysException e) {
            return false;  // unknown: the read says what became of the file
        }
    }

    boolean overlay(long dev) {
        return byDevice.getOrDefault(dev, 0L) == OVERLAYFS;
    }

    /** A file on overlayfs has its layer's device: counted as the overlay's file system. */
    void noteLayer(long fileDev, long dirDev) {
        if (fileDev != dirDev && overlay(dirDev)) {
            byDevice.putIfAbsent(fileDev, OVERLAYFS);
        }
    }

    /** statfs's f_type by device, for the passes after the walk. */
    Map<Long, Long> byDevice() {
        return byDevice;
    }
}
