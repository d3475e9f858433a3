package dirdump.sys;

import static dirdump.sys.OpenFlag.O_CLOEXEC;
import static dirdump.sys.OpenFlag.O_CREAT;
import static dirdump.sys.OpenFlag.O_EXCL;
import static dirdump.sys.OpenFlag.O_NOFOLLOW;
import static dirdump.sys.OpenFlag.O_WRONLY;

import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.function.LongSupplier;
import jnr.ffi.LibraryLoader;
import jnr.ffi.Pointer;
import jnr.ffi.Runtime;

/**
 * {@link Os} on libc through jnr-ffi: the binding, what every call shares (errno into a SysException,
 * EINTR, statx), and a class for each job: {@link LibcResolver} resolves names and opens them,
 * {@link DirentBuffer} lists directories, {@link LibcFile} reads an open file, {@link LibcResidency}
 * measures its cached pages and maps it, {@link LibcExtents} locates it, {@link LibcNamedFiles} reads
 * and writes the files dirdump is given by name; {@link LibcProcesses} makes the calls on processes.
 */
final class LibcOs implements Os {
    static final int AT_FDCWD = -100;
    static final int AT_SYMLINK_NOFOLLOW = 0x100;
    static final int AT_EMPTY_PATH = 0x1000;
    /** A new file, never an existing one nor through a link; also {@link TreeCreator}'s. */
    static final int CREATE_FILE = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC;
    static final int FILE_MODE = 0644;
    private static final int RLIMIT_NOFILE = 7;
    private static final long DEFAULT_NOFILE = 1024;
    private static final int EINTR = 4;
    static final int EEXIST = 17;
    /** The empty name of AT_EMPTY_PATH, NUL-terminated: an fstat copies no name. */
    static final byte[] EMPTY_C_NAME = {0};

    /** Also {@link TreeCreator}'s: one binding per process. */
    final Libc libc;
    // The functions few runs call, each group bound on its first call (see Libc).
    final Late<Libc.Control> control = late(Libc.Control.class);
    final Late<Libc.Access> access = late(Libc.Access.class);
    final Late<Libc.Mappings> mappings = late(Libc.Mappings.class);
    final Late<Libc.Writes> writes = late(Libc.Writes.class);
    final Late<Libc.Processes> processes = late(Libc.Processes.class);
    final Late<Libc.Watches> watches = late(Libc.Watches.class);
    final Runtime runtime;
    private final ThreadLocal<DirentBuffer> direntBuffers;
    /** Per-thread struct statx of the stats that make a Stat (those per file take a StatBuffer of their own). */
    private final ThreadLocal<StatBuffer> statBuffers = ThreadLocal.withInitial(StatBuffer::new);
    /** Per-thread native memory for the structs of fiemap, cachestat, FIBMAP and preadv2's iovec. */
    final ThreadLocal<Pointer> scratch;
    final int pageSize;
    /**
     * strerror_l and the C locale, for error texts, made with the binding: strerror_l reads the locale
     * on the calling thread only, so the texts are the same whatever LC_MESSAGES says and whatever
     * setlocale(3) the JVM did, with no global state to change under threads that are reading
     * (setlocale is not thread-safe).
     */
    private final ErrorTexts errorTexts;
    private final LibcResolver resolver;
    private final LibcNamedFiles namedFiles;
    final LibcResidency residency;
    final LibcExtents extents;

    private LibcOs(Libc libc) {
        this.libc = libc;
        this.runtime = Runtime.getSystemRuntime();
        this.direntBuffers = ThreadLocal.withInitial(() -> new DirentBuffer(this));
        this.scratch = ThreadLocal.withInitial(() -> NativeMemory.allocate(runtime, 128, true));
        this.pageSize = libc.getpagesize();
        this.errorTexts = new ErrorTexts(libc);
        this.resolver = new LibcResolver(this);
        this.namedFiles = new LibcNamedFiles(this);
        this.residency = new LibcResidency(this);
        this.extents = new LibcExtents(this);
    }

    static <T> Late<T> late(Class<T> functions) {
        // By its soname: the JVM has it mapped, so the dynamic linker hands back that one without a
        // search (jnr-ffi would list every library directory to resolve "c"). musl's takes any libc.* as itself.
        return new Late<>(() -> LibraryLoader.create(functions).load(Libc.SONAME));
    }

    static LibcOs create() {
        LibcOs os = new LibcOs(Libc.bind());
        WorkingDirectory.restore(os);  // before any name is resolved
        // Bind and run each call once now, so that a missing symbol falls back at start, not mid-run.
        try (Directory root = os.openPath(new byte[] {'/'}, true)) {
            os.stat(new byte[] {'/'});
            os.list(root, (name, ino, type) -> { });
            os.strerror(SysException.EMFILE);  // its native methods linked now: an error's text then needs nothing
            // The thread that frees native memory started with the listing's buffer (NativeMemory): now,
            // not when a process limit may leave no thread to start.
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
        return resolver.stat(path);
    }

    @Override
    public Directory openPath(byte[] path, boolean toList) throws SysException {
        return resolver.openPath(path, toList);
    }

    @Override
    public Directory openDirectory(Directory parent, byte[] name, boolean follow) throws SysException {
        return resolver.openDirectory(parent, name, follow);
    }

    @Override
    public Directory openBeneath(Directory base, byte[] relative) throws SysException {
        return resolver.openBeneath(base, relative);
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
        return resolver.stat(dir, name, follow);
    }

    @Override
    public OpenFile open(Directory dir, byte[] name, boolean follow) throws SysException {
        return resolver.openTerminated(dir, cString(name), follow);
    }

    @Override
    public OpenFile openTerminated(Directory dir, byte[] cName, boolean follow) throws SysException {
        return resolver.openTerminated(dir, cName, follow);
    }

    @Override
    public long fileSystemType(Directory dir) throws SysException {
        return resolver.fileSystemType(dir);
    }

    @Override
    public long fileSystemType(Directory dir, byte[] name, boolean follow) throws SysException {
        return resolver.fileSystemType(dir, name, follow);
    }

    @Override
    public SmallFile createFile(Directory dir, byte[] name, byte[] content) throws SysException {
        return namedFiles.createFile(dir, name, content);
    }

    @Override
    public SmallFile readSmallFile(Directory dir, byte[] name, int max) throws SysException {
        return namedFiles.readSmallFile(dir, name, max);
    }

    @Override
    public InputStream openRegular(Directory dir, byte[] name) throws SysException {
        return namedFiles.openRegular(dir, name);
    }

    @Override
    public boolean removeIfSame(Directory dir, byte[] name, Stat expected) throws SysException {
        return namedFiles.removeIfSame(dir, name, expected);
    }

    @Override
    public Replacement replace(Directory dir, byte[] name) throws SysException {
        return namedFiles.replace(dir, name);
    }

    @Override
    public InputStream openInput(byte[] path) throws SysException {
        return namedFiles.openInput(path);
    }

    @Override
    public ReadBuffer allocate(int capacity) {
        return LibcFile.allocate(this, capacity);
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
    public void sync() {
        writes.get().sync();
    }

    int openAt(int dirFd, byte[] name, int flags) throws SysException {
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

    /** fstat of an open descriptor; also {@link TreeCreator}'s. */
    @Override
    public Stat fstat(int fd) throws SysException {
        StatBuffer buf = statBuffers.get();
        statx(fd, EMPTY_C_NAME, AT_EMPTY_PATH, buf);
        return buf.toStat();
    }

    Stat statAt(int dirFd, byte[] name, int flags) throws SysException {
        StatBuffer buf = statBuffers.get();
        statx(dirFd, cString(name), flags, buf);
        return buf.toStat();
    }

    /** statx(2) of {@code cName} (NUL-terminated) in {@code dirFd} into {@code into}: the one call every stat here makes. */
    void statx(int dirFd, byte[] cName, int flags, StatBuffer into) throws SysException {
        if (into.memory == null) {
            into.memory = NativeMemory.allocate(runtime, Statx.SIZE, true);
        }
        check(libc.statx(dirFd, cName, flags, Statx.MASK, into.memory));
        Statx.parse(into);
    }

    static int fd(Directory dir) {
        return ((LibcDirectory) dir).fd;
    }

    int lastError() {
        return Libc.lastError();
    }

    /** The error's text in the C locale: the same words whatever the user's locale. */
    String strerror(int errno) {
        return errorTexts.of(errno);
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
    boolean interrupted(long n) throws SysException {
        if (n >= 0 || lastError() == EINTR) {
            return n < 0;
        }
        check(n);
        return false;
    }

    static byte[] cString(byte[] bytes) {
        return Arrays.copyOf(bytes, bytes.length + 1);
    }
}
