package dirdump.sys;

import jnr.ffi.Pointer;

/** Where an open file lies on its disk, for {@link LibcFile}: FIEMAP's first extent, FIBMAP, FIGETBSZ. */
final class LibcExtents {
    private static final long FS_IOC_FIEMAP = 0xC020660BL;
    private static final long FIBMAP = 1;
    private static final long FIGETBSZ = 2;
    private static final int FIEMAP_FLAG_SYNC = 1;
    /** The bytes of a struct fiemap with two extents: {@link LibcCalls#scratch} holds at least as many. */
    static final int FIEMAP_TWO = 32 + 2 * 56;

    private final LibcCalls calls;

    LibcExtents(LibcCalls calls) {
        this.calls = calls;
    }

    Extent firstExtent(int fd, boolean sync) throws SysException {
        Pointer p = calls.scratch();
        // struct fiemap (32 bytes) followed by room for two struct fiemap_extent (56 bytes each): the
        // second tells whether the file goes on somewhere else, at no extra call.
        p.setMemory(0, FIEMAP_TWO, (byte) 0);
        p.putLongLong(8, -1L);  // fm_length: the whole file
        p.putInt(16, sync ? FIEMAP_FLAG_SYNC : 0);
        p.putInt(24, 2);  // fm_extent_count
        calls.check(calls.control().ioctl(fd, FS_IOC_FIEMAP, p));
        int mapped = p.getInt(20);
        if (mapped == 0) {
            return null;
        }
        long physical = p.getLongLong(40);
        long length = p.getLongLong(48);
        boolean elsewhere = mapped > 1 && p.getLongLong(32 + 56 + 8) != physical + length;
        return new Extent(p.getLongLong(32), physical, length, p.getInt(72), elsewhere);
    }

    long fibmapFirstByte(int fd) throws SysException {
        long blockSize = blockSize(fd);
        Pointer p = calls.scratch();
        p.putInt(0, 0);  // logical block 0 in, physical block out
        calls.check(calls.control().ioctl(fd, FIBMAP, p));
        long block = p.getInt(0) & 0xffffffffL;
        return block == 0 ? -1 : block * blockSize;
    }

    int blockSize(int fd) throws SysException {
        Pointer p = calls.scratch();
        p.putInt(0, 0);
        calls.check(calls.control().ioctl(fd, FIGETBSZ, p));
        return p.getInt(0);
    }
}
