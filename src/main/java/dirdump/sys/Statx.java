package dirdump.sys;

import jnr.ffi.Pointer;

/** struct statx, one layout on every architecture (unlike struct stat): what statx(2) is asked for, and its answer. */
final class Statx {
    private static final int STATX_BASIC_STATS = 0x7ff;
    private static final int STATX_MNT_ID = 0x1000;
    private static final long STATX_ATTR_MOUNT_ROOT = 0x2000;
    /** The fields asked for: the basic ones and the mount id (Linux 5.8+; its bit stays clear before). */
    static final int MASK = STATX_BASIC_STATS | STATX_MNT_ID;
    static final int SIZE = 256;

    private Statx() {
    }

    /** The struct statx that {@code into}'s native memory holds, read into its fields. */
    static void parse(StatBuffer into) {
        Pointer b = into.memory;
        int mask = b.getInt(0);
        long attributes = b.getLongLong(8) & b.getLongLong(56);  // stx_attributes, as far as stx_attributes_mask knows
        int uid = b.getInt(20);
        int mode = b.getShort(28) & 0xffff;
        long ino = b.getLongLong(32);
        long size = b.getLongLong(40);
        long blocks = b.getLongLong(48);
        long major = b.getInt(136) & 0xffffffffL;
        long minor = b.getInt(140) & 0xffffffffL;
        long mountId = (mask & STATX_MNT_ID) != 0 ? b.getLongLong(144) : 0;
        long mtime = b.getLongLong(112) * 1_000_000_000L + (b.getInt(120) & 0xffffffffL);  // stx_mtime
        into.set(DeviceNumbers.makedev(major, minor), ino, mode, size, blocks, uid, mountId,
                (attributes & STATX_ATTR_MOUNT_ROOT) != 0, mtime);
    }
}
