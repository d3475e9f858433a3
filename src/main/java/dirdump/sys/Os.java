package dirdump.sys;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * The file-system calls dirdump needs (those on processes are {@link Processes}'s). Only PATHs are
 * resolved by name ({@link #stat(byte[])}, {@link #openPath}); everything below them is opened relative
 * to an open {@link Directory}, one name at a time. Names are bytes (Linux names need not be valid
 * UTF-8). The native implementation binds libc with jnr-ffi; the fallback uses java.nio.
 */
public interface Os {
    /** A few words for -v and --json: which implementation runs. */
    String description();

    /** stat(2) of a PATH, following symbolic links, as a PATH is. */
    Stat stat(byte[] path) throws SysException;

    /**
     * Opens the directory a PATH names, following symbolic links. {@code toList}: to list it (O_RDONLY,
     * which needs read permission); else only to open names in it (O_PATH, which needs search only).
     */
    Directory openPath(byte[] path, boolean toList) throws SysException;

    /**
     * Opens directory {@code name} of {@code parent}: O_DIRECTORY|O_NOFOLLOW, so that a symbolic link,
     * a FIFO or a device there is refused (ELOOP, ENOTDIR) without being opened. {@code follow} (-L)
     * lifts O_NOFOLLOW.
     */
    Directory openDirectory(Directory parent, byte[] name, boolean follow) throws SysException;

    /**
     * Opens the directory that the relative {@code path} names below {@code base} without following
     * any symbolic link in it and without climbing above {@code base}: openat2 with
     * RESOLVE_NO_SYMLINKS|RESOLVE_NO_MAGICLINKS|RESOLVE_BENEATH (Linux 5.6+), else one component at a
     * time. A link on the way fails with ELOOP, a climb above base with EXDEV.
     */
    Directory openBeneath(Directory base, byte[] path) throws SysException;

    /**
     * Whether names in {@code dir} can be opened with every guarantee above. Always with the native
     * implementation; the java.nio fallback cannot open without O_NONBLOCK or O_DIRECTORY, so only in a
     * directory no other user can write to (where nobody else can swap a name for a FIFO).
     */
    boolean opensSafelyIn(Directory dir);

    /** Lists a directory without stat'ing its entries, until its end or until {@code sink} is full. */
    void list(Directory dir, EntrySink sink) throws SysException;

    /**
     * As {@link #list}, from the directory's first entry again, through a handle that a listing went
     * part or all of the way through before: getdents64 goes on from where the last call on the same
     * descriptor left off (lseek to 0 first; the fallback opens a new stream of it).
     */
    void listAgain(Directory dir, EntrySink sink) throws SysException;

    /** fstatat(2) of {@code name} in {@code dir}; {@code follow}: through a symbolic link. */
    Stat stat(Directory dir, byte[] name, boolean follow) throws SysException;

    /**
     * Opens {@code name} in {@code dir} for reading with O_NOFOLLOW|O_NONBLOCK|O_NOCTTY|O_NOATIME, so
     * that a symlink is refused and a FIFO cannot block. {@code follow}, for links the user asked to
     * follow: what the link leads to may be opened only as a path (O_PATH: fstat only, nothing of a
     * device or FIFO opened), which {@link OpenFile#readable} opens for reading once it is checked.
     */
    OpenFile open(Directory dir, byte[] name, boolean follow) throws SysException;

    /** As {@link #open}, of the name {@code cName} holds up to its first NUL: a pass over many files copies no name. */
    default OpenFile openTerminated(Directory dir, byte[] cName, boolean follow) throws SysException {
        int length = 0;
        while (cName[length] != 0) {
            length++;
        }
        return open(dir, Arrays.copyOf(cName, length), follow);
    }

    /** fstatfs(2) f_type of the directory: its file system's magic number (tmpfs 0x01021994, ...). */
    long fileSystemType(Directory dir) throws SysException;

    /**
     * The file system of {@code name} in {@code dir} itself, where it may not be dir's (a mount point, a
     * bind-mounted file, a link's target with {@code follow}): opened with O_PATH, which opens nothing
     * for reading, then fstatfs.
     */
    long fileSystemType(Directory dir, byte[] name, boolean follow) throws SysException;

    /**
     * Opens the file {@code path} names (symbolic links followed, as for a PATH) to read it through
     * java.io: a --files-from list. Natively by its bytes, whatever the JVM's file-name encoding.
     */
    InputStream openInput(byte[] path) throws SysException;

    /**
     * Opens the regular file {@code name} in {@code dir} to read it through java.io: a file dirdump was
     * given by name (a --replay snapshot). fstatat without following a link first, so that anything but
     * a regular file (a FIFO that would block, a device) is not opened at all; then
     * O_RDONLY|O_NOFOLLOW|O_NONBLOCK|O_NOCTTY|O_CLOEXEC, so that what replaced it meanwhile cannot block
     * either, and read only if fstat says it is still the file fstatat found.
     */
    default InputStream openRegular(Directory dir, byte[] name) throws SysException {
        throw nativeOnly("openat");
    }

    /** What {@link #openRegular} says of a name that is no regular file (or no longer the one found). */
    static SysException notRegular(FileType type) {
        String what = switch (type) {
            case DIRECTORY -> "a directory";
            case SYMLINK -> "a symbolic link";
            case FIFO -> "a FIFO";
            case SOCKET -> "a socket";
            case CHAR_DEVICE -> "a character device";
            case BLOCK_DEVICE -> "a block device";
            default -> "another file since it was found";
        };
        return SysException.invalid(what + ", not a regular file; not opened");
    }

    /**
     * A new file, mode 0600, to replace {@code name} in {@code dir} once committed (a --save snapshot):
     * made in dir so that the rename is atomic, with no name while it is written where the file system
     * allows (O_TMPFILE), and never through a link or into an existing file. What is at {@code name}
     * is replaced, never written to: check first that it is a regular file or a link.
     */
    default Replacement replace(Directory dir, byte[] name) throws SysException {
        throw nativeOnly("openat");
    }

    /**
     * fstat(2) of this process's descriptor {@code fd} (a standard stream): what it is open on. Here
     * through /proc/self/fd/FD, a link to it, which java.nio can follow.
     */
    default Stat fstat(int fd) throws SysException {
        return stat(("/proc/self/fd/" + fd).getBytes(StandardCharsets.US_ASCII));
    }

    /** The soft limit of open descriptors (RLIMIT_NOFILE), raised to the hard limit first where it is lower. */
    long descriptorLimit();

    /** How many descriptors this process has open now (/proc/self/fd); 0 if that cannot be told. */
    default long descriptorsInUse() {
        String[] open = new java.io.File("/proc/self/fd").list();
        return open == null ? 0 : open.length - 1;  // less the one listing it
    }

    ReadBuffer allocate(int capacity);

    /**
     * A ring of {@code depth} reads in flight, {@code bufferSize} bytes each (see {@link ReadRing}),
     * made in the thread that will submit to it; a SysException where the kernel refuses one (no
     * io_uring, a seccomp filter, kernel.io_uring_disabled, no memory): the caller reads as before.
     */
    default ReadRing readRing(int depth, int bufferSize) throws SysException {
        throw nativeOnly("io_uring_setup");
    }

    /** sync(2): writes every file system's dirty data out, so that eviction can drop all of it. */
    void sync() throws SysException;

    /**
     * Creates {@code name} in {@code dir}, locks it (flock LOCK_EX) and writes {@code content} to it: a
     * small file written by a name dirdump was given (a pid file), claimed until the result is closed.
     * O_WRONLY|O_CREAT|O_EXCL|O_NOFOLLOW|O_CLOEXEC, mode 0644 less the umask: never an existing file,
     * nor one a symbolic link names. Returns it, held open, or null if the name is taken already (by
     * anything: a link, dangling or not, a FIFO); if the lock cannot be had within a second (another
     * process opened it and holds one) or a write fails, the file is removed again ({@link #removeIfSame}).
     */
    default SmallFile createFile(Directory dir, byte[] name, byte[] content) throws SysException {
        throw nativeOnly("openat");
    }

    /**
     * The first {@code max} bytes at most of {@code name} in {@code dir}, a small file read by a name
     * dirdump was given (a pid file). fstatat without following a link first: anything but a regular
     * file is not opened at all (a FIFO could block, a device do anything). A regular file is opened
     * O_RDONLY|O_NOFOLLOW|O_NONBLOCK|O_NOCTTY|O_CLOEXEC, so that what replaced it meanwhile cannot
     * block either, and is read only if fstat says it is still the same file (else a SysException
     * that {@link SysException#isChangeSinceListed} tells); it is then locked (flock LOCK_EX, tried for a
     * second) and held open until the result is closed, which tells whether another process holds it.
     */
    default SmallFile readSmallFile(Directory dir, byte[] name, int max) throws SysException {
        throw nativeOnly("openat");
    }

    /**
     * unlinkat(2) of {@code name} in {@code dir} if fstatat (no link followed) finds there the file
     * {@code expected} is: the same st_dev, st_ino and owner. False if it is not (or is gone).
     */
    default boolean removeIfSame(Directory dir, byte[] name, Stat expected) throws SysException {
        throw nativeOnly("unlinkat");
    }

    /**
     * What sysfs says of the block devices under file systems (whether a disk rotates, its read-ahead,
     * its model): the same files whichever implementation runs.
     */
    static BlockDevices blockDevices() {
        return BlockDevices.SYSFS;
    }

    /** The failure of a call only the native implementation makes (under the java.nio fallback). */
    static SysException nativeOnly(String call) {
        return new SysException(Errno.ENOSYS, call + " needs the native library");
    }

    /** Starts binding libc in the background, for a command that will need it (see {@link #load}). */
    static void bindInBackground() {
        LibcBinding.start();
    }

    /** Why libc could not be bound, when this is the java.nio fallback; null for the native implementation. */
    default String fallbackReason() {
        return null;
    }

    /** The native implementation if libc can be bound, else java.nio after one warning. */
    static Os load(Consumer<String> warn) {
        try {
            return LibcBinding.get();
        } catch (LinkageError | RuntimeException e) {
            String reason = LibcBinding.reason(e);
            warn.accept("cannot bind libc (" + reason + "); using java.nio, which is slower and opens nothing in"
                    + " a directory that other users can write to");
            return new NioOs(reason);
        }
    }
}
