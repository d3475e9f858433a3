package dirdump.sys;

import com.kenai.jffi.CallContext;
import com.kenai.jffi.CallingConvention;
import com.kenai.jffi.Invoker;
import com.kenai.jffi.LastError;
import com.kenai.jffi.Library;
import com.kenai.jffi.MemoryIO;
import com.kenai.jffi.Type;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import jnr.ffi.Pointer;
import jnr.ffi.annotations.In;
import jnr.ffi.annotations.Out;
import jnr.ffi.annotations.SaveError;

/**
 * Every libc function dirdump calls (jnr-posix, which offers some with String paths only, is not
 * used). Those every walk and read calls are called through jffi, jnr-ffi's own native layer,
 * directly: binding them is a symbol lookup each, where jnr-ffi would generate their stubs with ASM
 * at every start, the larger part of a start's binding (docs/performance.md, "Start-up"). The
 * interfaces inside, which few runs need, are bound by jnr-ffi, each on its first call ({@link
 * LibcCalls}).
 */
public final class Libc {
    /** The name the dynamic linker knows the JVM's own libc by: found without a search. */
    static final String SONAME = "libc.so.6";
    /** Room for a path of PATH_MAX bytes and its NUL: names are copied there to be passed. */
    private static final int NAME_ROOM = 4097;
    private static final Invoker INVOKER = Invoker.getInstance();
    private static final MemoryIO MEMORY = MemoryIO.getInstance();

    private final long openat;
    private final long read;
    private final long pread;
    private final long close;
    private final long getdents64;
    private final long statx;
    private final long posixFadvise;
    private final long fstatfs;
    private final long getrlimit;
    private final long setrlimit;
    private final long getpagesize;
    private final long isatty;
    private final long syscall;
    private final long preadv2;
    private final long lseek;
    private final long strerrorL;
    private final long newlocale;
    private final long mmap;
    private final long munmap;
    // One call context for each shape of call; errno is saved where the caller reads it.
    private final CallContext intOfIntPointerIntInt = context(Type.SINT, true, Type.SINT, Type.POINTER, Type.SINT, Type.SINT);
    private final CallContext longOfIntPointerLong = context(Type.SLONG, true, Type.SINT, Type.POINTER, Type.SLONG);
    private final CallContext longOfIntPointerLongLong = context(Type.SLONG, true, Type.SINT, Type.POINTER, Type.SLONG, Type.SLONG);
    private final CallContext intOfInt = context(Type.SINT, true, Type.SINT);
    private final CallContext intOfIntPointerIntIntPointer = context(Type.SINT, true, Type.SINT, Type.POINTER, Type.SINT, Type.UINT, Type.POINTER);
    private final CallContext intOfIntLongLongInt = context(Type.SINT, false, Type.SINT, Type.SLONG, Type.SLONG, Type.SINT);
    private final CallContext intOfIntPointer = context(Type.SINT, true, Type.SINT, Type.POINTER);
    private final CallContext intOfNothing = context(Type.SINT, false);
    private final CallContext longOfLongs = context(Type.SLONG, true, Type.SLONG, Type.SLONG, Type.SLONG, Type.SLONG, Type.SLONG);
    private final CallContext longOfSixLongs =
            context(Type.SLONG, true, Type.SLONG, Type.SLONG, Type.SLONG, Type.SLONG, Type.SLONG, Type.SLONG);
    private final CallContext pointerOfMmap =
            context(Type.POINTER, true, Type.POINTER, Type.SLONG, Type.SINT, Type.SINT, Type.SINT, Type.SLONG);
    private final CallContext intOfPointerLong = context(Type.SINT, true, Type.POINTER, Type.SLONG);
    private final CallContext longOfIntPointerIntLongInt = context(Type.SLONG, true, Type.SINT, Type.POINTER, Type.SINT, Type.SLONG, Type.SINT);
    private final CallContext longOfIntLongInt = context(Type.SLONG, true, Type.SINT, Type.SLONG, Type.SINT);
    private final CallContext pointerOfIntPointer = context(Type.POINTER, false, Type.SINT, Type.POINTER);
    private final CallContext pointerOfIntPointerPointer = context(Type.POINTER, false, Type.SINT, Type.POINTER, Type.POINTER);
    private final ThreadLocal<Room> rooms = new ThreadLocal<>();

    private Libc(Library library) {
        openat = symbol(library, "openat");
        read = symbol(library, "read");
        pread = symbol(library, "pread");
        close = symbol(library, "close");
        getdents64 = symbol(library, "getdents64");
        statx = symbol(library, "statx");
        posixFadvise = symbol(library, "posix_fadvise");
        fstatfs = symbol(library, "fstatfs");
        getrlimit = symbol(library, "getrlimit");
        setrlimit = symbol(library, "setrlimit");
        getpagesize = symbol(library, "getpagesize");
        isatty = symbol(library, "isatty");
        syscall = symbol(library, "syscall");
        preadv2 = symbol(library, "preadv2");
        lseek = symbol(library, "lseek");
        strerrorL = symbol(library, "strerror_l");
        newlocale = symbol(library, "newlocale");
        mmap = symbol(library, "mmap");
        munmap = symbol(library, "munmap");
    }

    /** libc's functions, every one found now: a libc without one is refused at start, not mid-run. */
    static Libc bind() {
        Library library = Library.getCachedInstance(SONAME, Library.LAZY | Library.LOCAL);
        if (library == null) {
            throw new UnsatisfiedLinkError("cannot open " + SONAME + ": " + Library.getLastError());
        }
        return new Libc(library);
    }

    private static long symbol(Library library, String name) {
        long address = library.getSymbolAddress(name);
        if (address == 0) {
            throw new UnsatisfiedLinkError(SONAME + " has no " + name + " (" + Library.getLastError() + ")");
        }
        return address;
    }

    private static CallContext context(Type returns, boolean savesErrno, Type... parameters) {
        return CallContext.getCallContext(returns, parameters, CallingConvention.DEFAULT, savesErrno);
    }

    /** The errno the last call of this thread that saves it left. */
    static int lastError() {
        return LastError.getInstance().get();
    }

    int openat(int dirFd, byte[] cName, int flags, int mode) {
        return (int) INVOKER.invokeN4(intOfIntPointerIntInt, openat, dirFd, name(cName), flags, mode);
    }

    long read(int fd, Pointer buf, long count) {
        return INVOKER.invokeN3(longOfIntPointerLong, read, fd, buf.address(), count);
    }

    long pread(int fd, Pointer buf, long count, long offset) {
        return INVOKER.invokeN4(longOfIntPointerLongLong, pread, fd, buf.address(), count, offset);
    }

    int close(int fd) {
        return (int) INVOKER.invokeN1(intOfInt, close, fd);
    }

    /** glibc 2.30+. Fills struct linux_dirent64 records. */
    long getdents64(int fd, Pointer buf, long count) {
        return INVOKER.invokeN3(longOfIntPointerLong, getdents64, fd, buf.address(), count);
    }

    /** glibc 2.28+. struct statx has one layout on every architecture, unlike struct stat. */
    int statx(int dirFd, byte[] cName, int flags, int mask, Pointer statxBuf) {
        return (int) INVOKER.invokeN5(intOfIntPointerIntIntPointer, statx, dirFd, name(cName), flags, mask,
                statxBuf.address());
    }

    /** Returns the error number itself; errno is not set. */
    int posix_fadvise(int fd, long offset, long length, int advice) {
        return (int) INVOKER.invokeN4(intOfIntLongLongInt, posixFadvise, fd, offset, length, advice);
    }

    int fstatfs(int fd, byte[] statfsBuf) {
        long at = room(statfsBuf.length);
        int rc = (int) INVOKER.invokeN2(intOfIntPointer, fstatfs, fd, at);
        MEMORY.getByteArray(at, statfsBuf, 0, statfsBuf.length);
        return rc;
    }

    /** struct rlimit {rlim_cur, rlim_max}, two 64-bit numbers. */
    int getrlimit(int resource, long[] rlimit) {
        long at = room(16);
        int rc = (int) INVOKER.invokeN2(intOfIntPointer, getrlimit, resource, at);
        rlimit[0] = MEMORY.getLong(at);
        rlimit[1] = MEMORY.getLong(at + 8);
        return rc;
    }

    int setrlimit(int resource, long[] rlimit) {
        long at = room(16);
        MEMORY.putLong(at, rlimit[0]);
        MEMORY.putLong(at + 8, rlimit[1]);
        return (int) INVOKER.invokeN2(intOfIntPointer, setrlimit, resource, at);
    }

    int getpagesize() {
        return (int) INVOKER.invokeN0(intOfNothing, getpagesize);
    }

    int isatty(int fd) {
        return (int) INVOKER.invokeN1(intOfInt, isatty, fd);
    }

    /** For calls glibc has no wrapper for (cachestat, ioprio_set, openat2); pointers go as addresses. */
    long syscall(long number, long a, long b, long c, long d) {
        return INVOKER.invokeN5(longOfLongs, syscall, number, a, b, c, d);
    }

    /** As above, with a fifth argument (io_uring_enter: its sixth, the sigset's size, is unused with no sigset). */
    long syscall(long number, long a, long b, long c, long d, long e) {
        return INVOKER.invokeN6(longOfSixLongs, syscall, number, a, b, c, d, e);
    }

    /**
     * mmap(2); MAP_FAILED (-1) with errno on failure. Bound at start, as the calls of every read (the
     * rings of io_uring are mapped by every reader that has one), where jnr-ffi's stubs would cost a start.
     */
    long mmap(long addr, long length, int prot, int flags, int fd, long offset) {
        return INVOKER.invokeN6(pointerOfMmap, mmap, addr, length, prot, flags, fd, offset);
    }

    int munmap(long addr, long length) {
        return (int) INVOKER.invokeN2(intOfPointerLong, munmap, addr, length);
    }

    /** glibc 2.26+. For RWF_NOWAIT: a read of cached pages only (see {@link OpenFile#readCached}). */
    long preadv2(int fd, Pointer iov, int iovcnt, long offset, int flags) {
        return INVOKER.invokeN5(longOfIntPointerIntLongInt, preadv2, fd, iov.address(), iovcnt, offset, flags);
    }

    long lseek(int fd, long offset, int whence) {
        return INVOKER.invokeN3(longOfIntLongInt, lseek, fd, offset, whence);
    }

    /**
     * strerror(3) in {@code locale} (a locale_t), not the process's: its text does not follow
     * LC_MESSAGES, and a locale object is read only by the calling thread (glibc 2.6+). Called through
     * jffi like the calls above, bound at start: the text of an error needs no class, library or
     * descriptor that is not there already (EMFILE itself is told in words).
     */
    String strerror(int errno, long locale) {
        long text = INVOKER.invokeN2(pointerOfIntPointer, strerrorL, errno, locale);
        return text == 0 ? "error " + errno : new String(MEMORY.getZeroTerminatedByteArray(text), StandardCharsets.UTF_8);
    }

    /** newlocale(3) of {@code cName} (NUL-terminated) for {@code categoryMask}, from nothing: 0 if it cannot be made. */
    long newlocale(int categoryMask, byte[] cName) {
        return INVOKER.invokeN3(pointerOfIntPointerPointer, newlocale, categoryMask, name(cName), 0);
    }

    /** The address of a copy of {@code cName} (NUL-terminated) in this thread's native memory. */
    private long name(byte[] cName) {
        long at = room(cName.length);
        MEMORY.putByteArray(at, cName, 0, cName.length);
        return at;
    }

    /**
     * This thread's native memory for what a call takes or gives by address, of at least {@code size}
     * bytes: made once, and again larger only for a name longer than any path (which the kernel refuses).
     */
    private long room(int size) {
        Room room = rooms.get();
        if (room == null || room.size < size) {
            room = new Room(Math.max(size, NAME_ROOM));
            rooms.set(room);
        }
        return room.address;
    }

    /** Native memory of one thread, freed when the thread is gone or a larger one replaces it. */
    private static final class Room {
        final int size;
        final long address;

        Room(int size) {
            this.size = size;
            this.address = NativeMemory.ownedBy(this, size);
        }
    }

    /** ioctl(2): extents (FIEMAP, FIBMAP) and the terminal's size. */
    public interface Control {
        @SaveError
        int ioctl(int fd, long request, Pointer arg);
    }

    /** Who may write a file: whether mincore(2) tells the truth of it, and testdata-gen's checks. */
    public interface Access {
        int geteuid();

        @SaveError
        int faccessat(int dirFd, @In byte[] path, int mode, int flags);
    }

    /** Mapped files: lock, mincore, willneed (the mappings themselves are made by {@link #mmap}). */
    public interface Mappings {
        @SaveError
        int mlock(Pointer addr, long length);

        @SaveError
        int madvise(Pointer addr, long length, int advice);

        @SaveError
        int mincore(Pointer addr, long length, @Out byte[] vec);
    }

    /** Files written: a --save snapshot, testdata-gen's trees, a file removed; a file's dirty pages written back. */
    public interface Writes {
        /** Writes from the direct buffer's position; does not move it. */
        @SaveError
        long write(int fd, @In ByteBuffer buf, long count);

        @SaveError
        int fallocate(int fd, int mode, long offset, long length);

        /** For {@link LibcReplacement}: a --save snapshot on disk before it is renamed into place. */
        @SaveError
        int fsync(int fd);

        /** For {@link TreeCreator}: an aged tree reaches the disk in turns, as it would over time. */
        @SaveError
        int syncfs(int fd);

        @SaveError
        int linkat(int oldDirFd, @In byte[] oldPath, int newDirFd, @In byte[] newPath, int flags);

        @SaveError
        int renameat(int oldDirFd, @In byte[] oldPath, int newDirFd, @In byte[] newPath);

        /** For {@link Os#removeIfSame} and a failed --save: a name in an open directory, never through a link. */
        @SaveError
        int unlinkat(int dirFd, @In byte[] path, int flags);

        /** For {@link TreeCreator}: the mode is masked by the umask. */
        @SaveError
        int mkdirat(int dirFd, @In byte[] path, int mode);

        /** A pid file claimed for the life of the lock ({@link Os#createFile}). */
        @SaveError
        int flock(int fd, int operation);

        /** Cannot fail (void since POSIX.1-2001). */
        void sync();

        /** For {@link OpenFile#writeBack}: needs no write access, only an open descriptor. */
        @SaveError
        int sync_file_range(int fd, long offset, long nbytes, int flags);
    }

    /** Follow mode ({@link LibcInotify}): inotify on the directories of a tree, and poll on its descriptor. */
    public interface Watches {
        @SaveError
        int inotify_init1(int flags);

        /** {@code path}: /proc/self/fd/N of a checked directory handle, never a name from the user. */
        @SaveError
        int inotify_add_watch(int fd, @In byte[] path, int mask);

        @SaveError
        int inotify_rm_watch(int fd, int wd);

        @SaveError
        long read(int fd, @Out byte[] buf, long count);

        /** struct pollfd {int fd; short events; short revents;}. */
        @SaveError
        int poll(@In @Out byte[] fds, long nfds, int timeout);
    }

    /** This process and others: lock --daemon, --while, run's COMMAND, a deleted working directory. */
    public interface Processes {
        /** Moves the process into a directory it has open (see {@link WorkingDirectory}). */
        @SaveError
        int fchdir(int fd);

        /** For lock --daemon: a session of its own, away from the terminal's signals. */
        @SaveError
        int setsid();

        @SaveError
        int dup2(int oldFd, int newFd);

        @SaveError
        int kill(int pid, int signal);

        /** struct pollfd {int fd; short events; short revents;}, 8 bytes each: for a pidfd's end. */
        @SaveError
        int poll(@In @Out byte[] fds, long nfds, int timeout);

        // run's COMMAND ({@link Spawner}): started with the signal mask and dispositions dirdump was started with.

        int posix_spawnattr_init(Pointer attr);

        int posix_spawnattr_destroy(Pointer attr);

        int posix_spawnattr_setflags(Pointer attr, short flags);

        /** A sigset_t: 1024 bits in unsigned longs, signal N at bit N - 1. */
        int posix_spawnattr_setsigdefault(Pointer attr, @In long[] sigset);

        int posix_spawnattr_setsigmask(Pointer attr, @In long[] sigset);

        /** The file actions close each descriptor dirdump has that the caller did not pass on. */
        int posix_spawn_file_actions_init(Pointer actions);

        int posix_spawn_file_actions_destroy(Pointer actions);

        /** glibc ignores a descriptor closed by the time the child runs (EBADF): only one out of range fails. */
        int posix_spawn_file_actions_addclose(Pointer actions, int fd);

        /** Returns the error number itself; errno is not set. */
        int posix_spawnp(@Out int[] pid, @In byte[] file, Pointer fileActions, Pointer attr, Pointer argv, Pointer envp);

        @SaveError
        int waitpid(int pid, @Out int[] status, int options);

        /** The handler as an address: SIG_IGN is 1. */
        long signal(int signal, long handler);
    }
}
