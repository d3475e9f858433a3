package dirdump.sys;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import jnr.constants.platform.OpenFlags;
import jnr.ffi.LibraryLoader;
import jnr.ffi.Memory;
import jnr.ffi.Pointer;
import jnr.ffi.Runtime;

/** {@link Os} on libc through jnr-ffi: getdents64, statx, openat, read. */
final class LibcOs implements Os {
    static final int AT_FDCWD = -100;
    static final int O_RDONLY = 0;
    static final int O_NONBLOCK = OpenFlags.O_NONBLOCK.intValue();
    static final int O_DIRECTORY = OpenFlags.O_DIRECTORY.intValue();
    static final int O_NOFOLLOW = OpenFlags.O_NOFOLLOW.intValue();
    static final int O_CLOEXEC = OpenFlags.O_CLOEXEC.intValue();
    /** Not in jnr-constants; the same on x86_64 and aarch64. */
    static final int O_NOATIME = 0x40000;
    static final int O_PATH = 0x200000;
    private static final int AT_SYMLINK_NOFOLLOW = 0x100;
    private static final int AT_EMPTY_PATH = 0x1000;
    private static final int STATX_BASIC_STATS = 0x7ff;
    private static final int STATX_SIZE = 256;
    private static final int EINTR = 4;
    private static final int POSIX_FADV_WILLNEED = 3;
    private static final int POSIX_FADV_DONTNEED = 4;
    private static final long FS_IOC_FIEMAP = 0xC020660BL;
    private static final long FIBMAP = 1;
    private static final long FIGETBSZ = 2;
    private static final int FIEMAP_FLAG_SYNC = 1;
    private static final long SYS_CACHESTAT = 451;  // the same number on every architecture
    private static final int PROT_READ = 1;
    private static final int MAP_SHARED = 1;
    private static final int W_OK = 2;
    private static final int AT_EACCESS = 0x200;
    private static final int MINCORE_CHUNK_PAGES = 16384;
    /** Paths at least this long fail with ENAMETOOLONG and are opened relative to a parent. */
    static final int PATH_MAX = 4096;
    private static final int DIRENT_BUFFER = 128 * 1024;
    private static final byte[] EMPTY_C_STRING = {0};

    private final Libc libc;
    private final Runtime runtime;
    private final LongPaths longPaths;
    private final ThreadLocal<DirentBuffer> direntBuffers;
    /** Per-thread native memory for the structs of fiemap, cachestat and FIBMAP. */
    private final ThreadLocal<Pointer> scratch;
    private final int pageSize;

    private LibcOs(Libc libc) {
        this.libc = libc;
        this.runtime = Runtime.getRuntime(libc);
        this.longPaths = new LongPaths(this);
        this.direntBuffers = ThreadLocal.withInitial(() -> new DirentBuffer(runtime));
        this.scratch = ThreadLocal.withInitial(() -> Memory.allocateDirect(runtime, 128, true));
        this.pageSize = libc.getpagesize();
    }

    static LibcOs create() {
        LibcOs os = new LibcOs(LibraryLoader.create(Libc.class).load("c"));
        // Bind and run each call once now, so that a missing symbol falls back at start, not mid-run.
        try {
            os.stat(new byte[] {'/'}, true);
            os.list(new byte[] {'/'}, true, (name, ino, type) -> { });
        } catch (SysException e) {
            throw new IllegalStateException("probe of / failed: " + e.getMessage(), e);
        }
        return os;
    }

    @Override
    public String description() {
        return "native (getdents64, statx)";
    }

    @Override
    public void list(byte[] dir, boolean follow, EntrySink sink) throws SysException {
        int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC | (follow ? 0 : O_NOFOLLOW));
        try {
            direntBuffers.get().drain(fd, sink);
        } finally {
            libc.close(fd);
        }
    }

    @Override
    public Stat stat(byte[] path, boolean follow) throws SysException {
        byte[] buf = new byte[STATX_SIZE];
        int flags = follow ? 0 : AT_SYMLINK_NOFOLLOW;
        int rc = path.length < PATH_MAX
                ? libc.statx(AT_FDCWD, cString(path), flags, STATX_BASIC_STATS, buf)
                : (int) longPaths.at(path, (dirFd, name) -> libc.statx(dirFd, name, flags, STATX_BASIC_STATS, buf));
        check(rc);
        return parseStatx(buf);
    }

    @Override
    public OpenFile openForReading(byte[] path, boolean follow) throws SysException {
        int flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (follow ? 0 : O_NOFOLLOW);
        int fd = tryOpen(path, flags | O_NOATIME);
        if (fd < 0 && lastError() == SysException.EPERM) {
            // O_NOATIME is only allowed to the file's owner (or CAP_FOWNER).
            fd = tryOpen(path, flags);
        }
        check(fd);
        return new LibcFile(fd);
    }

    @Override
    public ReadBuffer allocate(int capacity) {
        return new NativeBuffer(Memory.allocateDirect(runtime, capacity), capacity);
    }

    @Override
    public long fileSystemType(byte[] path) throws SysException {
        byte[] buf = new byte[128];
        check(libc.statfs(cString(path), buf));
        return ByteBuffer.wrap(buf).order(ByteOrder.nativeOrder()).getLong(0);
    }

    @Override
    public void setIoPriority(int ioClass, int level) throws SysException {
        String arch = System.getProperty("os.arch");
        long nr = "amd64".equals(arch) || "x86_64".equals(arch) ? 251 : "aarch64".equals(arch) ? 30 : -1;
        if (nr < 0) {
            throw new SysException(SysException.ENOSYS, "ioprio_set is not known on " + arch);
        }
        final int whoProcess = 1;
        check(libc.syscall(nr, whoProcess, 0, ((long) ioClass << 13) | level, 0));
    }

    @Override
    public void sync() {
        libc.sync();
    }

    int open(byte[] path, int flags) throws SysException {
        int fd = tryOpen(path, flags);
        check(fd);
        return fd;
    }

    int openAt(int dirFd, byte[] name, int flags) throws SysException {
        int fd = libc.openat(dirFd, cString(name), flags, 0);
        check(fd);
        return fd;
    }

    void close(int fd) {
        libc.close(fd);
    }

    private int tryOpen(byte[] path, int flags) throws SysException {
        return path.length < PATH_MAX
                ? libc.openat(AT_FDCWD, cString(path), flags, 0)
                : (int) longPaths.at(path, (dirFd, name) -> libc.openat(dirFd, name, flags, 0));
    }

    private int lastError() {
        return runtime.getLastError();
    }

    private void check(long rc) throws SysException {
        if (rc < 0) {
            int errno = lastError();
            throw new SysException(errno, libc.strerror(errno));
        }
    }

    private long pages(long size) {
        return (size + pageSize - 1) / pageSize;
    }

    static byte[] cString(byte[] bytes) {
        return Arrays.copyOf(bytes, bytes.length + 1);
    }

    private static Stat parseStatx(byte[] raw) {
        ByteBuffer b = ByteBuffer.wrap(raw).order(ByteOrder.nativeOrder());
        int mode = b.getShort(28) & 0xffff;
        long ino = b.getLong(32);
        long size = b.getLong(40);
        long major = b.getInt(136) & 0xffffffffL;
        long minor = b.getInt(140) & 0xffffffffL;
        return new Stat(DeviceNumbers.makedev(major, minor), ino, mode, size);
    }

    private final class LibcFile implements OpenFile {
        private final int fd;

        LibcFile(int fd) {
            this.fd = fd;
        }

        @Override
        public Stat stat() throws SysException {
            byte[] buf = new byte[STATX_SIZE];
            check(libc.statx(fd, EMPTY_C_STRING, AT_EMPTY_PATH, STATX_BASIC_STATS, buf));
            return parseStatx(buf);
        }

        @Override
        public int read(ReadBuffer buffer) throws SysException {
            NativeBuffer nb = (NativeBuffer) buffer;
            while (true) {
                long n = libc.read(fd, nb.pointer, nb.capacity);
                if (n >= 0) {
                    return (int) n;
                }
                if (lastError() != EINTR) {
                    check(n);
                }
            }
        }

        @Override
        public void willNeed(long offset, long length) throws SysException {
            fadvise(offset, length, POSIX_FADV_WILLNEED);
        }

        @Override
        public void dontNeed() throws SysException {
            fadvise(0, 0, POSIX_FADV_DONTNEED);
        }

        private void fadvise(long offset, long length, int advice) throws SysException {
            int errno = libc.posix_fadvise(fd, offset, length, advice);
            if (errno != 0) {
                throw new SysException(errno, libc.strerror(errno));
            }
        }

        @Override
        public Residency cachestat(long size) throws SysException {
            long pages = pages(size);
            if (pages == 0) {
                return new Residency(0, 0, 0, pageSize);  // len 0 would mean "to the end of the file"
            }
            Pointer p = scratch.get();
            // struct cachestat_range {off, len}: a range, so that a large folio reaching past EOF
            // is not counted beyond the pages of the file.
            p.putLongLong(0, 0);
            p.putLongLong(8, size);
            check(libc.syscall(SYS_CACHESTAT, fd, p.address(), p.address() + 16, 0));
            // struct cachestat {nr_cache, nr_dirty, nr_writeback, nr_evicted, nr_recently_evicted}
            return new Residency(p.getLongLong(16), pages, p.getLongLong(24), pageSize);
        }

        @Override
        public Residency mincore(long size) throws SysException {
            long pages = pages(size);
            if (pages == 0) {
                return new Residency(0, 0, 0, pageSize);  // mmap of an empty file fails
            }
            Pointer map = libc.mmap(null, size, PROT_READ, MAP_SHARED, fd, 0);
            if (map == null || map.address() == -1L) {
                check(-1);
            }
            try {
                byte[] vec = new byte[(int) Math.min(pages, MINCORE_CHUNK_PAGES)];
                long resident = 0;
                for (long page = 0; page < pages; page += vec.length) {
                    int n = (int) Math.min(vec.length, pages - page);
                    check(libc.mincore(map.slice(page * pageSize), (long) n * pageSize, vec));
                    for (int i = 0; i < n; i++) {
                        resident += vec[i] & 1;
                    }
                }
                return new Residency(resident, pages, 0, pageSize);
            } finally {
                libc.munmap(map, size);
            }
        }

        @Override
        public boolean mincoreIsTruthful() {
            // Write access is checked on the open file through /proc, not on its name, which may
            // name another file by now. Without /proc the check fails, and mincore is not trusted.
            byte[] self = ("/proc/self/fd/" + fd).getBytes(StandardCharsets.US_ASCII);
            return libc.geteuid() == 0 || uid() == libc.geteuid()
                    || libc.faccessat(AT_FDCWD, cString(self), W_OK, AT_EACCESS) == 0;
        }

        private int uid() {
            byte[] buf = new byte[STATX_SIZE];
            return libc.statx(fd, EMPTY_C_STRING, AT_EMPTY_PATH, STATX_BASIC_STATS, buf) == 0
                    ? ByteBuffer.wrap(buf).order(ByteOrder.nativeOrder()).getInt(20) : -1;
        }

        @Override
        public Extent firstExtent(boolean sync) throws SysException {
            Pointer p = scratch.get();
            // struct fiemap (32 bytes) followed by room for one struct fiemap_extent (56 bytes).
            p.setMemory(0, 88, (byte) 0);
            p.putLongLong(8, -1L);  // fm_length: the whole file
            p.putInt(16, sync ? FIEMAP_FLAG_SYNC : 0);
            p.putInt(24, 1);  // fm_extent_count
            check(libc.ioctl(fd, FS_IOC_FIEMAP, p));
            if (p.getInt(20) == 0) {
                return null;
            }
            return new Extent(p.getLongLong(32), p.getLongLong(40), p.getLongLong(48), p.getInt(72));
        }

        @Override
        public long fibmapFirstByte() throws SysException {
            long blockSize = blockSize();
            Pointer p = scratch.get();
            p.putInt(0, 0);  // logical block 0 in, physical block out
            check(libc.ioctl(fd, FIBMAP, p));
            long block = p.getInt(0) & 0xffffffffL;
            return block == 0 ? -1 : block * blockSize;
        }

        @Override
        public int blockSize() throws SysException {
            Pointer p = scratch.get();
            p.putInt(0, 0);
            check(libc.ioctl(fd, FIGETBSZ, p));
            return p.getInt(0);
        }

        @Override
        public void close() {
            libc.close(fd);
        }
    }

    private static final class NativeBuffer implements ReadBuffer {
        final Pointer pointer;
        final int capacity;

        NativeBuffer(Pointer pointer, int capacity) {
            this.pointer = pointer;
            this.capacity = capacity;
        }

        @Override
        public int capacity() {
            return capacity;
        }
    }

    /** One per listing thread: getdents64 fills native memory, which is parsed from one Java copy. */
    private final class DirentBuffer {
        private final Pointer pointer;
        private final byte[] chunk = new byte[DIRENT_BUFFER];
        private final ByteBuffer view = ByteBuffer.wrap(chunk).order(ByteOrder.nativeOrder());

        DirentBuffer(Runtime runtime) {
            this.pointer = Memory.allocateDirect(runtime, DIRENT_BUFFER);
        }

        void drain(int fd, EntrySink sink) throws SysException {
            while (true) {
                long n = libc.getdents64(fd, pointer, DIRENT_BUFFER);
                check(n);
                if (n == 0) {
                    return;
                }
                pointer.get(0, chunk, 0, (int) n);
                for (int off = 0; off < n; ) {
                    long ino = view.getLong(off);
                    int reclen = view.getShort(off + 16) & 0xffff;
                    int type = chunk[off + 18] & 0xff;
                    int start = off + 19;
                    int end = start;
                    while (end < off + reclen && chunk[end] != 0) {
                        end++;
                    }
                    if (!isDotOrDotDot(start, end)) {
                        sink.entry(Arrays.copyOfRange(chunk, start, end), ino, FileType.fromDirentType(type));
                    }
                    off += reclen;
                }
            }
        }

        private boolean isDotOrDotDot(int start, int end) {
            int len = end - start;
            return chunk[start] == '.' && (len == 1 || (len == 2 && chunk[start + 1] == '.'));
        }
    }
}
