package dirdump.sys;

/** The few fields of stat(2) and statx(2) that dirdump uses. */
public final class Stat {
    public final long dev;
    public final long ino;
    public final int mode;
    public final long size;
    /** Blocks of 512 bytes allocated to it; -1 where not known (the java.nio fallback). */
    public final long blocks;
    public final int uid;
    /** statx's stx_mnt_id: which mount the file was reached through; 0 where it is not known. */
    public final long mountId;
    /** STATX_ATTR_MOUNT_ROOT: the file is the root of a mount (a mount point seen from above). */
    public final boolean mountRoot;
    /** Last modification, in nanoseconds since the epoch: a snapshot tells a changed file by it. */
    public final long mtimeNanos;

    public Stat(long dev, long ino, int mode, long size, long blocks, int uid, long mountId, boolean mountRoot,
                long mtimeNanos) {
        this.dev = dev;
        this.ino = ino;
        this.mode = mode;
        this.size = size;
        this.blocks = blocks;
        this.uid = uid;
        this.mountId = mountId;
        this.mountRoot = mountRoot;
        this.mtimeNanos = mtimeNanos;
    }

    /** The same file at another size: as it was found once read to its end. */
    public Stat withSize(long newSize) {
        return new Stat(dev, ino, mode, newSize, blocks, uid, mountId, mountRoot, mtimeNanos);
    }

    public FileType type() {
        return FileType.fromMode(mode);
    }

    /**
     * Fewer blocks than its size needs: a sparse file, whose holes read as zeros that would fill the
     * page cache, so only its data is read. (A compressed or inline file looks the same; reading it by
     * its data ranges costs two lseek calls more, and reads the same bytes.)
     */
    public boolean sparse() {
        return sparse(blocks, size);
    }

    static boolean sparse(long blocks, long size) {
        return blocks >= 0 && blocks * 512 < size;
    }

    public boolean sameFile(long otherDev, long otherIno) {
        return dev == otherDev && ino == otherIno;
    }

    /**
     * Whether this file is on another mount or device than {@code other}: another mount id (Linux
     * 5.8+), so that a bind mount of the same file system counts, or another device, as find -xdev
     * tells (a btrfs subvolume).
     */
    public boolean onOtherMount(Stat other) {
        return (mountId != 0 && other.mountId != 0 && mountId != other.mountId) || dev != other.dev;
    }
}
