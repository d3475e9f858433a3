package dirdump.sys;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
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
    /** Paths at least this long fail with ENAMETOOLONG and are opened relative to a parent. */
    static final int PATH_MAX = 4096;
    private static final int DIRENT_BUFFER = 128 * 1024;
    private static final byte[] EMPTY_C_STRING = {0};

    private final Libc libc;
    private final Runtime runtime;
    private final LongPaths longPaths;
    private final ThreadLocal<DirentBuffer> direntBuffers;

    private LibcOs(Libc libc) {
        this.libc = libc;
        this.runtime = Runtime.getRuntime(libc);
        this.longPaths = new LongPaths(this);
        this.direntBuffers = ThreadLocal.withInitial(() -> new DirentBuffer(runtime));
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
        return new Stat(makedev(major, minor), ino, mode, size);
    }

    /** glibc's makedev, so that devices compare equal to st_dev as stat(2) and java.nio report it. */
    static long makedev(long major, long minor) {
        return ((major & 0xfffL) << 8) | (minor & 0xffL) | ((major & ~0xfffL) << 32) | ((minor & ~0xffL) << 12);
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
