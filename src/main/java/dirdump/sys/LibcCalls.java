package dirdump.sys;

import static dirdump.sys.Errno.EINTR;
import static dirdump.sys.OpenFlag.O_CLOEXEC;
import static dirdump.sys.OpenFlag.O_CREAT;
import static dirdump.sys.OpenFlag.O_EXCL;
import static dirdump.sys.OpenFlag.O_NOFOLLOW;
import static dirdump.sys.OpenFlag.O_WRONLY;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.LongSupplier;
import jnr.ffi.LibraryLoader;
import jnr.ffi.Pointer;
import jnr.ffi.Runtime;

/**
 * What every libc job shares, made once with the binding and handed to each (the classes behind
 * {@link LibcOs}, {@link LibcProcesses}, {@link TreeCreator}): the functions, errno made a {@link
 * SysException} with its text in the C locale, a call made again after EINTR, statx, and per-thread
 * native memory for small structs.
 */
final class LibcCalls {
    static final int AT_FDCWD = -100;
    static final int AT_SYMLINK_NOFOLLOW = 0x100;
    static final int AT_EMPTY_PATH = 0x1000;
    /** A new file, never an existing one nor through a link; also {@link TreeCreator}'s. */
    static final int CREATE_FILE = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC;
    static final int FILE_MODE = 0644;
    /** The empty name of AT_EMPTY_PATH, NUL-terminated: an fstat copies no name. */
    static final byte[] EMPTY_C_NAME = {0};

    private final Libc libc;
    // The functions few runs call, each group bound on its first call (see Libc).
    private final Late<Libc.Control> control = late(Libc.Control.class);
    private final Late<Libc.Access> access = late(Libc.Access.class);
    private final Late<Libc.Mappings> mappings = late(Libc.Mappings.class);
    private final Late<Libc.Writes> writes = late(Libc.Writes.class);
    private final Late<Libc.Processes> processes = late(Libc.Processes.class);
    private final Late<Libc.Watches> watches = late(Libc.Watches.class);
    private final Runtime runtime = Runtime.getSystemRuntime();
    /** Per-thread struct statx of the stats that make a Stat (those per file take a StatBuffer of their own). */
    private final ThreadLocal<StatBuffer> statBuffers = ThreadLocal.withInitial(StatBuffer::new);
    /** Per-thread native memory for the structs of fiemap, cachestat, FIBMAP and preadv2's iovec. */
    private final ThreadLocal<Pointer> scratch =
            ThreadLocal.withInitial(() -> allocate(Math.max(128, LibcExtents.FIEMAP_TWO), true));
    private final int pageSize;
    /**
     * strerror_l and the C locale, for error texts, made with the binding: strerror_l reads the locale
     * on the calling thread only, so the texts are the same whatever LC_MESSAGES says and whatever
     * setlocale(3) the JVM did, with no global state to change under threads that are reading
     * (setlocale is not thread-safe).
     */
    private final ErrorTexts errorTexts;

    LibcCalls(Libc libc) {
        this.libc = libc;
        this.pageSize = libc.getpagesize();
        this.errorTexts = new ErrorTexts(libc);
    }

    static <T> Late<T> late(Class<T> functions) {
        // By its soname: the JVM has it mapped, so the dynamic linker hands back that one without a
        // search (jnr-ffi would list every library directory to resolve "c"). musl's takes any libc.* as itself.
        return new Late<>(() -> LibraryLoader.create(functions).load(Libc.SONAME));
    }

    /** The functions of every walk and read, bound at start. */
    Libc libc() {
        return libc;
    }

    Libc.Control control() {
        return control.get();
    }

    Libc.Access access() {
        return access.get();
    }

    Libc.Mappings mappings() {
        return mappings.get();
    }

    Libc.Writes writes() {
        return writes.get();
    }

    Libc.Processes processes() {
        return processes.get();
    }

    Libc.Watches watches() {
        return watches.get();
    }

    /** This thread's 128 bytes of native memory, for a struct that lives during one call. */
    Pointer scratch() {
        return scratch.get();
    }

    int pageSize() {
        return pageSize;
    }

    /** Bytes in a native pointer. */
    int addressSize() {
        return runtime.addressSize();
    }

    /** Native memory freed once unreachable ({@link NativeMemory}); {@code clear}: zeroed. */
    Pointer allocate(long size, boolean clear) {
        return NativeMemory.allocate(runtime, size, clear);
    }

    /** A pointer to native memory that is not this process's to free (a mapping). */
    Pointer wrap(long address) {
        return Pointer.wrap(runtime, address);
    }

    int lastError() {
        return Libc.lastError();
    }

    /** The error's text in the C locale: the same words whatever the user's locale. */
    String strerror(int errno) {
        return errorTexts.of(errno);
    }

    /** errno {@code errno} as a failure, in strerror's words. */
    SysException failure(int errno) {
        return new SysException(errno, strerror(errno));
    }

    /** Throws the call's errno if it failed ({@code rc} < 0). */
    void check(long rc) throws SysException {
        if (rc < 0) {
            throw failure(lastError());
        }
    }

    /** A call made again while a signal interrupts it (EINTR): what it returned, a count, 0 at the end. */
    int restarted(LongSupplier call) throws SysException {
        long n;
        do {
            n = call.getAsLong();
        } while (interrupted(n));
        return (int) n;
    }

    /**
     * Whether a call that returned {@code n} was interrupted by a signal (EINTR), and is to be made
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

    /** The soft limit of resource {@code resource} (getrlimit), raised to its hard limit first where that is higher. */
    long raisedLimit(int resource) throws SysException {
        long[] limit = new long[2];
        check(libc.getrlimit(resource, limit));
        if (limit[0] != limit[1] && libc.setrlimit(resource, new long[] {limit[1], limit[1]}) == 0) {
            limit[0] = limit[1];
        }
        return limit[0];
    }

    int openAt(int dirFd, byte[] name, int flags) throws SysException {
        int fd = libc.openat(dirFd, cString(name), flags, 0);
        check(fd);
        return fd;
    }

    /** Writes {@code data} from its position to its limit (a direct buffer). */
    void writeAll(int fd, ByteBuffer data) throws SysException {
        while (data.hasRemaining()) {
            long n = writes().write(fd, data, data.remaining());
            if (!interrupted(n)) {
                data.position(data.position() + (int) n);
            }
        }
    }

    /** fstat of an open descriptor. */
    Stat fstat(int fd) throws SysException {
        StatBuffer buf = statBuffers.get();
        statx(fd, EMPTY_C_NAME, AT_EMPTY_PATH, buf);
        return buf.toStat();
    }

    /** fstat of a descriptor just opened, which is closed if that fails. */
    Stat fstatOrClose(int fd) throws SysException {
        try {
            return fstat(fd);
        } catch (SysException e) {
            libc.close(fd);
            throw e;
        }
    }

    Stat statAt(int dirFd, byte[] name, int flags) throws SysException {
        StatBuffer buf = statBuffers.get();
        statx(dirFd, cString(name), flags, buf);
        return buf.toStat();
    }

    /** statx(2) of {@code cName} (NUL-terminated) in {@code dirFd} into {@code into}: the one call every stat here makes. */
    void statx(int dirFd, byte[] cName, int flags, StatBuffer into) throws SysException {
        if (into.memory == null) {
            into.memory = allocate(Statx.SIZE, true);
        }
        check(libc.statx(dirFd, cName, flags, Statx.MASK, into.memory));
        Statx.parse(into);
    }

    static byte[] cString(byte[] bytes) {
        return Arrays.copyOf(bytes, bytes.length + 1);
    }

    /**
     * /proc/self/fd/N, NUL-terminated: a magic link to the file descriptor {@code fd} holds, whatever its
     * name leads to now.
     */
    static byte[] procSelfFd(int fd) {
        return cString(("/proc/self/fd/" + fd).getBytes(StandardCharsets.US_ASCII));
    }
}
