package dirdump.sys;

import static dirdump.sys.OpenFlag.O_CLOEXEC;
import static dirdump.sys.OpenFlag.O_CREAT;
import static dirdump.sys.OpenFlag.O_DIRECTORY;
import static dirdump.sys.OpenFlag.O_EXCL;
import static dirdump.sys.OpenFlag.O_NOATIME;
import static dirdump.sys.OpenFlag.O_NOCTTY;
import static dirdump.sys.OpenFlag.O_NOFOLLOW;
import static dirdump.sys.OpenFlag.O_NONBLOCK;
import static dirdump.sys.OpenFlag.O_PATH;
import static dirdump.sys.OpenFlag.O_RDONLY;
import static dirdump.sys.OpenFlag.O_WRONLY;

import java.io.InputStream;
import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.function.LongSupplier;
import jnr.ffi.LibraryLoader;
import jnr.ffi.Memory;
import jnr.ffi.Pointer;
import jnr.ffi.Runtime;

/** {@link Os} on libc through jnr-ffi: getdents64, statx, openat, read. */
final class LibcOs implements Os {
    static final int AT_FDCWD = -100;
    private static final int AT_SYMLINK_NOFOLLOW = 0x100;
    static final int AT_EMPTY_PATH = 0x1000;
    private static final int DIR_FLAGS = O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;
    /** A new file, never an existing one nor through a link; also {@link TreeCreator}'s. */
    static final int CREATE_FILE = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC;
    static final int FILE_MODE = 0644;
    private static final long SYS_OPENAT2 = 437;  // the same number on every architecture
    private static final int OPEN_HOW_SIZE = 24;
    private static final long RESOLVE_NO_MAGICLINKS = 0x02;
    private static final long RESOLVE_NO_SYMLINKS = 0x04;
    private static final long RESOLVE_BENEATH = 0x08;
    private static final int RLIMIT_NOFILE = 7;
    private static final int RLIMIT_MEMLOCK = 8;
    private static final int MADV_WILLNEED = 3;
    private static final int O_RDWR = 2;
    private static final long DEFAULT_NOFILE = 1024;
    private static final int EINTR = 4;
    private static final int ENXIO = 6;
    static final int EEXIST = 17;
    private static final int EAGAIN = 11;
    private static final int RWF_NOWAIT = 8;
    private static final int SEEK_DATA = 3;
    private static final int SEEK_HOLE = 4;
    private static final int POSIX_FADV_RANDOM = 1;
    private static final int POSIX_FADV_WILLNEED = 3;
    private static final int POSIX_FADV_DONTNEED = 4;
    private static final long FS_IOC_FIEMAP = 0xC020660BL;
    private static final long FIBMAP = 1;
    private static final long FIGETBSZ = 2;
    private static final int FIEMAP_FLAG_SYNC = 1;
    private static final long SYS_CACHESTAT = 451;  // the same number on every architecture
    private static final long SYS_PIDFD_OPEN = 434;  // the same number on every architecture
    private static final short POLLIN = 1;
    private static final int PROT_READ = 1;
    private static final int MAP_SHARED = 1;
    private static final int W_OK = 2;
    private static final int AT_EACCESS = 0x200;
    private static final int MINCORE_CHUNK_PAGES = 16384;
    /** Paths at least this long fail with ENAMETOOLONG: resolved one component at a time. */
    private static final int PATH_MAX = 4096;
    private static final int DIRENT_BUFFER = 128 * 1024;
    /** The empty name of AT_EMPTY_PATH, NUL-terminated: an fstat copies no name. */
    private static final byte[] EMPTY_C_NAME = {0};
    private static final byte[] DOT = {'.'};
    private static final byte[] DOT_DOT = {'.', '.'};

    /** Also {@link TreeCreator}'s: one binding per process. */
    final Libc libc;
    // The functions few runs call, each group bound on its first call (see Libc).
    final Late<Libc.PartialReads> partialReads = late(Libc.PartialReads.class);
    final Late<Libc.Control> control = late(Libc.Control.class);
    final Late<Libc.Access> access = late(Libc.Access.class);
    final Late<Libc.Mappings> mappings = late(Libc.Mappings.class);
    final Late<Libc.Writes> writes = late(Libc.Writes.class);
    final Late<Libc.Processes> processes = late(Libc.Processes.class);
    private final Runtime runtime;
    /** openat2 refused once (ENOSYS, or EPERM from a seccomp filter): it will be each time. */
    private volatile boolean openat2Missing;
    private final ThreadLocal<DirentBuffer> direntBuffers;
    /** Per-thread struct statx of the stats that make a Stat (those per file take a StatBuffer of their own). */
    private final ThreadLocal<StatBuffer> statBuffers = ThreadLocal.withInitial(StatBuffer::new);
    /** Per-thread native memory for the structs of fiemap, cachestat, FIBMAP and preadv2's iovec. */
    private final ThreadLocal<Pointer> scratch;
    private final int pageSize;
    /**
     * strerror_l and the C locale, for error texts, made at the first error: strerror_l reads the locale
     * on the calling thread only, so the texts are the same whatever LC_MESSAGES says and whatever
     * setlocale(3) the JVM did, with no global state to change under threads that are reading
     * (setlocale is not thread-safe).
     */
    private final Late<ErrorTexts> errorTexts = new Late<>(() -> new ErrorTexts(late(Libc.Errors.class).get()));

    private LibcOs(Libc libc) {
        this.libc = libc;
        this.runtime = Runtime.getRuntime(libc);
        this.direntBuffers = ThreadLocal.withInitial(() -> new DirentBuffer(runtime));
        this.scratch = ThreadLocal.withInitial(() -> Memory.allocateDirect(runtime, 128, true));
        this.pageSize = libc.getpagesize();
    }

    static <T> Late<T> late(Class<T> functions) {
        return new Late<>(() -> LibraryLoader.create(functions).load("c"));
    }

    static LibcOs create() {
        LibcOs os = new LibcOs(LibraryLoader.create(Libc.class).load("c"));
        WorkingDirectory.restore(os);  // before any name is resolved
        // Bind and run each call once now, so that a missing symbol falls back at start, not mid-run.
        try (Directory root = os.openPath(new byte[] {'/'}, true)) {
            os.stat(new byte[] {'/'});
            os.list(root, (name, ino, type) -> { });
            // jnr-ffi starts a thread to free native memory at its first allocation of each kind: now,
            // not when a process limit may leave no thread to start.
            os.scratch.get();
            os.allocate(1);
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
    public Stat stat(byte[] path) throws SysException {
        return statAt(AT_FDCWD, path, 0);
    }

    @Override
    public Directory openPath(byte[] path, boolean toList) throws SysException {
        return directory(openAt(AT_FDCWD, path, toList ? DIR_FLAGS : O_PATH | O_DIRECTORY | O_CLOEXEC));
    }

    @Override
    public Directory openDirectory(Directory parent, byte[] name, boolean follow) throws SysException {
        int fd = libc.openat(fd(parent), cString(name), DIR_FLAGS | (follow ? 0 : O_NOFOLLOW), 0);
        if (fd < 0) {
            int errno = lastError();
            // O_DIRECTORY refuses a symlink as ENOTDIR before O_NOFOLLOW's ELOOP: tell which it is.
            throw openError(errno == SysException.ENOTDIR && !follow && isSymlink(fd(parent), name)
                    ? SysException.ELOOP : errno);
        }
        return directory(fd);
    }

    @Override
    public Directory openBeneath(Directory base, byte[] relative) throws SysException {
        byte[] path = relative.length == 0 ? DOT : relative;
        if (!openat2Missing && path.length < PATH_MAX) {
            long fd = openat2(fd(base), path);
            if (fd >= 0) {
                return directory((int) fd);
            }
            int errno = lastError();
            if (errno == SysException.ENOSYS || errno == SysException.EPERM) {
                openat2Missing = true;  // before Linux 5.6, or refused by a container's seccomp filter
            } else if (errno != SysException.ENAMETOOLONG) {
                throw openError(errno);
            }
        }
        return openByComponents(fd(base), path);
    }

    /** openat2(2) (syscall 437) with struct open_how {flags, mode, resolve} and the path after it. */
    private long openat2(int dirFd, byte[] path) {
        Pointer how = Memory.allocateDirect(runtime, OPEN_HOW_SIZE + path.length + 1, true);
        how.putLongLong(0, O_PATH | O_DIRECTORY | O_CLOEXEC);
        how.putLongLong(16, RESOLVE_NO_MAGICLINKS | RESOLVE_NO_SYMLINKS | RESOLVE_BENEATH);
        how.put(OPEN_HOW_SIZE, path, 0, path.length);
        long fd = libc.syscall(SYS_OPENAT2, dirFd, how.address() + OPEN_HOW_SIZE, how.address(), OPEN_HOW_SIZE);
        Reference.reachabilityFence(how);  // native memory freed only once the kernel has read it
        return fd;
    }

    /** What openat2's resolve flags do, by hand: O_NOFOLLOW on every component, ".." kept below base. */
    private Directory openByComponents(int baseFd, byte[] path) throws SysException {
        Deque<Integer> opened = new ArrayDeque<>();
        try {
            int from = 0;
            for (int i = 0; i <= path.length; i++) {
                if (i < path.length && path[i] != '/') {
                    continue;
                }
                byte[] name = Arrays.copyOfRange(path, from, i);
                from = i + 1;
                if (name.length == 0 || Arrays.equals(name, DOT)) {
                    continue;
                }
                if (Arrays.equals(name, DOT_DOT)) {
                    if (opened.isEmpty()) {
                        throw openError(SysException.EXDEV);
                    }
                    libc.close(opened.pop());
                    continue;
                }
                int at = opened.isEmpty() ? baseFd : opened.peek();
                int fd = libc.openat(at, cString(name), O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC, 0);
                if (fd < 0) {
                    int errno = lastError();
                    // O_DIRECTORY refuses a symlink as ENOTDIR: tell which it is.
                    throw openError(errno == SysException.ENOTDIR && isSymlink(at, name) ? SysException.ELOOP : errno);
                }
                opened.push(fd);
            }
            return directory(opened.isEmpty() ? openAt(baseFd, DOT, O_PATH | O_DIRECTORY | O_CLOEXEC) : opened.pop());
        } finally {
            opened.forEach(libc::close);
        }
    }

    private boolean isSymlink(int dirFd, byte[] name) {
        try {
            return statAt(dirFd, name, AT_SYMLINK_NOFOLLOW).type() == FileType.SYMLINK;
        } catch (SysException e) {
            return false;
        }
    }

    /** The error of an open that resolves names; EXDEV is only ever RESOLVE_BENEATH's. */
    private SysException openError(int errno) {
        return new SysException(errno, errno == SysException.EXDEV
                ? "'..' climbs above the directory the name starts from" : strerror(errno));
    }

    @Override
    public boolean opensSafelyIn(Directory dir) {
        return true;
    }

    @Override
    public void list(Directory dir, EntrySink sink) throws SysException {
        direntBuffers.get().drain(fd(dir), sink);
    }

    @Override
    public Stat stat(Directory dir, byte[] name, boolean follow) throws SysException {
        return statAt(fd(dir), name, follow ? 0 : AT_SYMLINK_NOFOLLOW);
    }

    @Override
    public OpenFile open(Directory dir, byte[] name, boolean follow) throws SysException {
        return openTerminated(dir, cString(name), follow);
    }

    @Override
    public OpenFile openTerminated(Directory dir, byte[] cName, boolean follow) throws SysException {
        int flags = O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (follow ? 0 : O_NOFOLLOW);
        // O_NOATIME is only allowed to the file's owner (or CAP_FOWNER): once refused in a directory,
        // its other files (most often of the same owner) are opened without it at the first try.
        LibcDirectory d = (LibcDirectory) dir;
        boolean noAtime = !d.noAtimeRefused;
        int fd = libc.openat(d.fd, cName, flags | (noAtime ? O_NOATIME : 0), 0);
        if (fd < 0 && noAtime && lastError() == SysException.EPERM) {
            fd = libc.openat(d.fd, cName, flags, 0);
            d.noAtimeRefused = fd >= 0;
        }
        check(fd);
        return new LibcFile(fd);
    }

    @Override
    public Stat createFile(Directory dir, byte[] name, byte[] content) throws SysException {
        int fd = libc.openat(fd(dir), cString(name), CREATE_FILE, FILE_MODE);
        if (fd < 0 && lastError() == EEXIST) {
            return null;
        }
        check(fd);
        Stat written;
        try {
            written = fstat(fd);
        } catch (SysException e) {
            libc.close(fd);
            throw e;
        }
        try {
            writeAll(fd, ByteBuffer.allocateDirect(content.length).put(content).flip());
        } catch (SysException e) {
            libc.close(fd);
            removeAfterFailure(dir, name, written);
            throw e;
        }
        try {
            check(libc.close(fd));  // also the errors of writes the file system deferred (NFS)
        } catch (SysException e) {
            removeAfterFailure(dir, name, written);
            throw e;
        }
        return written;
    }

    /** A file left half written is not the one asked for: removed, if it is still the one made; the write's error is told. */
    private void removeAfterFailure(Directory dir, byte[] name, Stat made) {
        try {
            removeIfSame(dir, name, made);
        } catch (SysException ignored) {
            // the failure told is the write's
        }
    }

    @Override
    public SmallFile readSmallFile(Directory dir, byte[] name, int max) throws SysException {
        Stat st = statAt(fd(dir), name, AT_SYMLINK_NOFOLLOW);
        if (st.type() != FileType.REGULAR) {
            return new SmallFile(st, null);
        }
        int fd = openStatted(dir, name, st);
        try {
            Pointer buf = Memory.allocateDirect(runtime, Math.max(max, 1));
            int n = restarted(() -> libc.read(fd, buf, max));
            byte[] start = new byte[n];
            buf.get(0, start, 0, n);
            return new SmallFile(st, start);
        } finally {
            libc.close(fd);
        }
    }

    @Override
    public InputStream openRegular(Directory dir, byte[] name) throws SysException {
        Stat found = stat(dir, name, false);
        if (found.type() != FileType.REGULAR) {
            throw Os.notRegular(found.type());
        }
        return new DescriptorInput(this, openStatted(dir, name, found));
    }

    /**
     * Opens the regular file {@code found} (fstatat'ed without following links) named {@code name} in
     * {@code dir}, if it is still that file: only a regular file gets here, so no FIFO blocks and no
     * device is asked anything; O_NOFOLLOW and the fstat after catch a name swapped in between.
     */
    private int openStatted(Directory dir, byte[] name, Stat found) throws SysException {
        int fd = openAt(fd(dir), name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
        try {
            Stat opened = fstat(fd);
            if (!opened.sameFile(found.dev, found.ino) || opened.type() != FileType.REGULAR) {
                throw Os.notRegular(opened.sameFile(found.dev, found.ino) ? opened.type() : FileType.UNKNOWN);
            }
        } catch (SysException e) {
            libc.close(fd);
            throw e;
        }
        return fd;
    }

    /**
     * Between the fstatat and the unlinkat the name can be changed only by those who may change names
     * in dir (in a sticky one like /tmp: root, the directory's owner and the owner of the entry checked,
     * which is the caller's for a file it wrote): what is removed then is a name they put there, which
     * they could have removed themselves. unlinkat removes a name only, never what a link names, nor a
     * directory.
     */
    @Override
    public boolean removeIfSame(Directory dir, byte[] name, Stat expected) throws SysException {
        Stat now;
        try {
            now = statAt(fd(dir), name, AT_SYMLINK_NOFOLLOW);
        } catch (SysException e) {
            if (e.isGone()) {
                return false;
            }
            throw e;
        }
        if (!now.sameFile(expected.dev, expected.ino) || now.uid != expected.uid) {
            return false;
        }
        int rc = writes.get().unlinkat(fd(dir), cString(name), 0);
        if (rc < 0 && lastError() == SysException.ENOENT) {
            return false;
        }
        check(rc);
        return true;
    }

    @Override
    public Replacement replace(Directory dir, byte[] name) throws SysException {
        return LibcReplacement.create(this, fd(dir), name);
    }

    /**
     * Page-aligned: the kernel's copy into a buffer that does not start on a page boundary is much
     * slower (a cold 2 GiB read here: 3.0 s at page offset 112, where malloc puts it, 1.1 s at 0).
     */
    @Override
    public InputStream openInput(byte[] path) throws SysException {
        return new DescriptorInput(this, openAt(AT_FDCWD, path, O_RDONLY | O_CLOEXEC));
    }

    @Override
    public ReadBuffer allocate(int capacity) {
        Pointer memory = Memory.allocateDirect(runtime, (long) capacity + pageSize);
        long pad = (pageSize - memory.address() % pageSize) % pageSize;
        return new NativeBuffer(memory, memory.slice(pad, capacity), capacity);
    }

    @Override
    public long fileSystemType(Directory dir) throws SysException {
        return statfsMagic(fd(dir));
    }

    @Override
    public long fileSystemType(Directory dir, byte[] name, boolean follow) throws SysException {
        int fd = openAt(fd(dir), name, O_PATH | O_CLOEXEC | (follow ? 0 : O_NOFOLLOW));
        try {
            return statfsMagic(fd);
        } finally {
            libc.close(fd);
        }
    }

    /** struct statfs's f_type, its first field. */
    private long statfsMagic(int fd) throws SysException {
        byte[] buf = new byte[128];
        check(libc.fstatfs(fd, buf));
        return ByteBuffer.wrap(buf).order(ByteOrder.nativeOrder()).getLong(0);
    }

    @Override
    public long descriptorLimit() {
        long[] limit = new long[2];
        if (libc.getrlimit(RLIMIT_NOFILE, limit) != 0) {
            return DEFAULT_NOFILE;
        }
        if (limit[0] != limit[1] && libc.setrlimit(RLIMIT_NOFILE, new long[] {limit[1], limit[1]}) == 0) {
            limit[0] = limit[1];
        }
        return limit[0] < 0 ? Long.MAX_VALUE : limit[0];  // RLIM_INFINITY is -1 as a signed number
    }

    @Override
    public long memoryLockLimit() throws SysException {
        long[] limit = new long[2];
        check(libc.getrlimit(RLIMIT_MEMLOCK, limit));
        if (limit[0] != limit[1] && libc.setrlimit(RLIMIT_MEMLOCK, new long[] {limit[1], limit[1]}) == 0) {
            limit[0] = limit[1];
        }
        return limit[0] < 0 ? -1 : limit[0];  // RLIM_INFINITY is -1 as a signed number
    }

    @Override
    public void newSession() throws SysException {
        check(processes.get().setsid());
    }

    @Override
    public void detachStandardStreams() throws SysException {
        int fd = openAt(AT_FDCWD, "/dev/null".getBytes(StandardCharsets.US_ASCII), O_RDWR | O_CLOEXEC);
        try {
            for (int std = 0; std <= 2; std++) {
                check(processes.get().dup2(fd, std));
            }
        } finally {
            libc.close(fd);
        }
    }

    @Override
    public void signal(long pid, int signal) throws SysException {
        check(processes.get().kill((int) pid, signal));
    }

    @Override
    public WatchedProcess watch(long pid) throws SysException {
        long fd = libc.syscall(SYS_PIDFD_OPEN, pid, 0, 0, 0);
        check(fd);
        return new WatchedProcess() {
            @Override
            public void awaitExit() throws SysException {
                byte[] pollFd = new byte[8];
                ByteBuffer.wrap(pollFd).order(ByteOrder.nativeOrder()).putInt((int) fd).putShort(POLLIN);
                // A pidfd is readable once its process has ended; EINTR (a signal to this thread): poll again.
                while (processes.get().poll(pollFd, 1, -1) < 0) {
                    int errno = lastError();
                    if (errno != EINTR) {
                        throw new SysException(errno, strerror(errno));
                    }
                }
            }

            @Override
            public void close() {
                libc.close((int) fd);
            }
        };
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
        writes.get().sync();
    }

    private int openAt(int dirFd, byte[] name, int flags) throws SysException {
        int fd = libc.openat(dirFd, cString(name), flags, 0);
        check(fd);
        return fd;
    }

    /** Writes {@code data} from its position to its limit (a direct buffer); also {@link TreeCreator}'s. */
    void writeAll(int fd, ByteBuffer data) throws SysException {
        while (data.hasRemaining()) {
            long n = writes.get().write(fd, data, data.remaining());
            if (n < 0 && lastError() != EINTR) {
                check(n);
            }
            data.position(data.position() + (int) Math.max(n, 0));
        }
    }

    /** Wraps a just-opened directory descriptor with its fstat, or closes it if fstat fails. */
    private Directory directory(int fd) throws SysException {
        try {
            return new LibcDirectory(fd, fstat(fd), this);
        } catch (SysException e) {
            libc.close(fd);
            throw e;
        }
    }

    /** fstat of an open descriptor; also {@link TreeCreator}'s. */
    Stat fstat(int fd) throws SysException {
        StatBuffer buf = statBuffers.get();
        statx(fd, EMPTY_C_NAME, AT_EMPTY_PATH, buf);
        return buf.toStat();
    }

    private Stat statAt(int dirFd, byte[] name, int flags) throws SysException {
        StatBuffer buf = statBuffers.get();
        statx(dirFd, cString(name), flags, buf);
        return buf.toStat();
    }

    /** statx(2) of {@code cName} (NUL-terminated) in {@code dirFd} into {@code into}: the one call every stat here makes. */
    private void statx(int dirFd, byte[] cName, int flags, StatBuffer into) throws SysException {
        if (into.memory == null) {
            into.memory = Memory.allocateDirect(runtime, Statx.SIZE, true);
        }
        check(libc.statx(dirFd, cName, flags, Statx.MASK, into.memory));
        Statx.parse(into);
    }

    private static int fd(Directory dir) {
        return ((LibcDirectory) dir).fd;
    }

    @Override
    public long spawn(List<byte[]> argv, List<byte[]> env, long ignored, long blocked) throws SysException {
        return new Spawner(this, runtime).spawn(argv, env, ignored, blocked);
    }

    @Override
    public int waitFor(long pid) throws SysException {
        return new Spawner(this, runtime).waitFor(pid);
    }

    int lastError() {
        return runtime.getLastError();
    }

    /** The error's text in the C locale: the same words whatever the user's locale. */
    String strerror(int errno) {
        return errorTexts.get().of(errno);
    }

    void check(long rc) throws SysException {
        if (rc < 0) {
            int errno = lastError();
            throw new SysException(errno, strerror(errno));
        }
    }

    /** A read(2) or pread(2), made again while a signal interrupts it (EINTR): the bytes read, 0 at the end. */
    int restarted(LongSupplier read) throws SysException {
        long n;
        do {
            n = read.getAsLong();
        } while (interrupted(n));
        return (int) n;
    }

    /**
     * Whether a read that returned {@code n} was interrupted by a signal (EINTR), and is to be made
     * again; throws its error if it failed otherwise. For the reads of every file, which make no
     * object for {@link #restarted}.
     */
    private boolean interrupted(long n) throws SysException {
        if (n >= 0 || lastError() == EINTR) {
            return n < 0;
        }
        check(n);
        return false;
    }

    private long pages(long size) {
        return (size + pageSize - 1) / pageSize;
    }

    static byte[] cString(byte[] bytes) {
        return Arrays.copyOf(bytes, bytes.length + 1);
    }

    private static final class LibcDirectory implements Directory {
        final int fd;
        /** A file here refused O_NOATIME: not the caller's, like the others here, most likely. */
        volatile boolean noAtimeRefused;
        private final Stat stat;
        private final LibcOs os;

        LibcDirectory(int fd, Stat stat, LibcOs os) {
            this.fd = fd;
            this.stat = stat;
            this.os = os;
        }

        @Override
        public Stat stat() {
            return stat;
        }

        @Override
        public void close() {
            os.libc.close(fd);
        }
    }

    private final class LibcFile implements OpenFile {
        private final int fd;

        LibcFile(int fd) {
            this.fd = fd;
        }

        @Override
        public Stat stat() throws SysException {
            return fstat(fd);
        }

        @Override
        public void stat(StatBuffer into) throws SysException {
            statx(fd, EMPTY_C_NAME, AT_EMPTY_PATH, into);
        }

        @Override
        public int read(ReadBuffer buffer) throws SysException {
            NativeBuffer nb = (NativeBuffer) buffer;
            long n;
            do {
                n = libc.read(fd, nb.pointer, nb.capacity);
            } while (interrupted(n));
            return (int) n;
        }

        @Override
        public int read(ReadBuffer buffer, long offset, int length) throws SysException {
            NativeBuffer nb = (NativeBuffer) buffer;
            long n;
            do {
                n = libc.pread(fd, nb.pointer, Math.min(length, nb.capacity), offset);
            } while (interrupted(n));
            return (int) n;
        }

        @Override
        public int readCached(ReadBuffer buffer, long offset, int length) throws SysException {
            NativeBuffer nb = (NativeBuffer) buffer;
            Pointer iov = scratch.get();  // struct iovec {base, len}: two native words
            iov.putAddress(0, nb.pointer.address());
            iov.putAddress(runtime.addressSize(), Math.min(length, nb.capacity));
            while (true) {
                long n = partialReads.get().preadv2(fd, iov, 1, offset, RWF_NOWAIT);
                if (n >= 0) {
                    return (int) n;
                }
                int errno = lastError();
                if (errno == EAGAIN) {
                    return -1;
                }
                if (errno != EINTR) {
                    throw new SysException(errno, strerror(errno));
                }
            }
        }

        @Override
        public long nextData(long offset) throws SysException {
            return seek(offset, SEEK_DATA);
        }

        @Override
        public long nextHole(long offset) throws SysException {
            return seek(offset, SEEK_HOLE);
        }

        /** ENXIO: no data (or no hole) at or after the offset, as past the end of the file. */
        private long seek(long offset, int whence) throws SysException {
            long at = partialReads.get().lseek(fd, offset, whence);
            if (at < 0 && lastError() == ENXIO) {
                return -1;
            }
            check(at);
            return at;
        }

        @Override
        public void willNeed(long offset, long length) throws SysException {
            fadvise(offset, length, POSIX_FADV_WILLNEED);
        }

        @Override
        public void noReadAhead() throws SysException {
            fadvise(0, 0, POSIX_FADV_RANDOM);
        }

        @Override
        public void dontNeed() throws SysException {
            fadvise(0, 0, POSIX_FADV_DONTNEED);
        }

        private void fadvise(long offset, long length, int advice) throws SysException {
            int errno = libc.posix_fadvise(fd, offset, length, advice);
            if (errno != 0) {
                throw new SysException(errno, strerror(errno));
            }
        }

        @Override
        public Residency cachestat(long offset, long length) throws SysException {
            long pages = pages(length);
            if (pages == 0) {
                return new Residency(0, 0, pageSize);  // len 0 would mean "to the end of the file"
            }
            Pointer p = scratch.get();
            // struct cachestat_range {off, len}: a range, so that a large folio reaching past EOF
            // is not counted beyond the pages of the file.
            p.putLongLong(0, offset);
            p.putLongLong(8, length);
            check(libc.syscall(SYS_CACHESTAT, fd, p.address(), p.address() + 16, 0));
            // struct cachestat {nr_cache, nr_dirty, nr_writeback, nr_evicted, nr_recently_evicted}
            return new Residency(p.getLongLong(16), pages, pageSize);
        }

        @Override
        public Residency mincore(long offset, long length) throws SysException {
            long pages = pages(length);
            if (pages == 0) {
                return new Residency(0, 0, pageSize);  // mmap of an empty file fails
            }
            Pointer map = mappings.get().mmap(null, length, PROT_READ, MAP_SHARED, fd, offset);
            if (map == null || map.address() == -1L) {
                check(-1);
            }
            try {
                byte[] vec = new byte[(int) Math.min(pages, MINCORE_CHUNK_PAGES)];
                long resident = 0;
                for (long page = 0; page < pages; page += vec.length) {
                    int n = (int) Math.min(vec.length, pages - page);
                    check(mappings.get().mincore(map.slice(page * pageSize), (long) n * pageSize, vec));
                    for (int i = 0; i < n; i++) {
                        resident += vec[i] & 1;
                    }
                }
                return new Residency(resident, pages, pageSize);
            } finally {
                mappings.get().munmap(map, length);
            }
        }

        @Override
        public int pageSize() {
            return pageSize;
        }

        @Override
        public FileMapping map(long offset, long length) throws SysException {
            Pointer map = mappings.get().mmap(null, length, PROT_READ, MAP_SHARED, fd, offset);
            if (map == null || map.address() == -1L) {
                check(-1);
            }
            return new LibcMapping(map, length, pageSize, LibcOs.this);
        }

        @Override
        public boolean mincoreIsTruthful() {
            // Write access is checked on the open file through /proc, not on its name, which may
            // name another file by now. Without /proc the check fails, and mincore is not trusted.
            byte[] self = ("/proc/self/fd/" + fd).getBytes(StandardCharsets.US_ASCII);
            return access.get().geteuid() == 0 || uid() == access.get().geteuid()
                    || access.get().faccessat(AT_FDCWD, cString(self), W_OK, AT_EACCESS) == 0;
        }

        private int uid() {
            try {
                return stat().uid;
            } catch (SysException e) {
                return -1;
            }
        }

        @Override
        public Extent firstExtent(boolean sync) throws SysException {
            Pointer p = scratch.get();
            // struct fiemap (32 bytes) followed by room for one struct fiemap_extent (56 bytes).
            p.setMemory(0, 88, (byte) 0);
            p.putLongLong(8, -1L);  // fm_length: the whole file
            p.putInt(16, sync ? FIEMAP_FLAG_SYNC : 0);
            p.putInt(24, 1);  // fm_extent_count
            check(control.get().ioctl(fd, FS_IOC_FIEMAP, p));
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
            check(control.get().ioctl(fd, FIBMAP, p));
            long block = p.getInt(0) & 0xffffffffL;
            return block == 0 ? -1 : block * blockSize;
        }

        @Override
        public int blockSize() throws SysException {
            Pointer p = scratch.get();
            p.putInt(0, 0);
            check(control.get().ioctl(fd, FIGETBSZ, p));
            return p.getInt(0);
        }

        @Override
        public void close() {
            libc.close(fd);
        }
    }

    private record LibcMapping(Pointer map, long length, int pageSize, LibcOs os) implements FileMapping {
        @Override
        public void willNeed(long offset, long bytes) throws SysException {
            os.check(os.mappings.get().madvise(map.slice(offset), bytes, MADV_WILLNEED));
        }

        @Override
        public void lock(long offset, long bytes) throws SysException {
            if (os.mappings.get().mlock(map.slice(offset), bytes) < 0) {
                int errno = os.lastError();
                throw new SysException(errno, LockLimits.reason(errno, os.strerror(errno)));
            }
        }

        @Override
        public void close() {
            os.mappings.get().munmap(map, length);
        }
    }

    /**
     * {@code pointer}: the page-aligned slice of {@code memory}, the allocation, which is kept so that it
     * is not freed while the slice is in use.
     */
    private record NativeBuffer(Pointer memory, Pointer pointer, int capacity) implements ReadBuffer {
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
