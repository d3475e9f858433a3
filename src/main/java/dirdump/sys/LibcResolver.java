package dirdump.sys;

import static dirdump.sys.Errno.ELOOP;
import static dirdump.sys.Errno.ENAMETOOLONG;
import static dirdump.sys.Errno.ENOSYS;
import static dirdump.sys.Errno.ENOTDIR;
import static dirdump.sys.Errno.EPERM;
import static dirdump.sys.Errno.EXDEV;
import static dirdump.sys.LibcCalls.AT_FDCWD;
import static dirdump.sys.LibcCalls.AT_SYMLINK_NOFOLLOW;
import static dirdump.sys.LibcCalls.cString;
import static dirdump.sys.LibcDirectory.fd;
import static dirdump.sys.OpenFlag.O_CLOEXEC;
import static dirdump.sys.OpenFlag.O_DIRECTORY;
import static dirdump.sys.OpenFlag.O_NOATIME;
import static dirdump.sys.OpenFlag.O_NOCTTY;
import static dirdump.sys.OpenFlag.O_NOFOLLOW;
import static dirdump.sys.OpenFlag.O_NONBLOCK;
import static dirdump.sys.OpenFlag.O_PATH;
import static dirdump.sys.OpenFlag.O_RDONLY;

import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import jnr.ffi.Pointer;

/**
 * Name resolution and opening for {@link LibcOs}: PATHs by name, everything below them one name at a
 * time relative to a directory's descriptor (openat, openat2), and what each is and lies on (statx,
 * fstatfs).
 */
final class LibcResolver {
    private static final int DIR_FLAGS = O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;
    private static final long SYS_OPENAT2 = 437;  // the same number on every architecture
    private static final int OPEN_HOW_SIZE = 24;
    private static final long RESOLVE_NO_MAGICLINKS = 0x02;
    private static final long RESOLVE_NO_SYMLINKS = 0x04;
    private static final long RESOLVE_BENEATH = 0x08;
    /** Paths at least this long fail with ENAMETOOLONG: resolved one component at a time. */
    private static final int PATH_MAX = 4096;
    private static final byte[] DOT = {'.'};
    private static final byte[] DOT_DOT = {'.', '.'};

    private final LibcCalls calls;
    private final Libc libc;
    /** Handed to each file opened, which measures and locates itself with them. */
    private final LibcResidency residency;
    private final LibcExtents extents;
    /** openat2 refused once (ENOSYS, or EPERM from a seccomp filter): it will be each time. */
    private volatile boolean openat2Missing;

    LibcResolver(LibcCalls calls, LibcResidency residency, LibcExtents extents) {
        this.calls = calls;
        this.libc = calls.libc();
        this.residency = residency;
        this.extents = extents;
    }

    Stat stat(byte[] path) throws SysException {
        return calls.statAt(AT_FDCWD, path, 0);
    }

    Directory openPath(byte[] path, boolean toList) throws SysException {
        return directory(calls.openAt(AT_FDCWD, path, toList ? DIR_FLAGS : O_PATH | O_DIRECTORY | O_CLOEXEC));
    }

    Directory openDirectory(Directory parent, byte[] name, boolean follow) throws SysException {
        int fd = libc.openat(fd(parent), cString(name), DIR_FLAGS | (follow ? 0 : O_NOFOLLOW), 0);
        if (fd < 0) {
            int errno = calls.lastError();
            throw openError(follow ? errno : linkOrNot(errno, fd(parent), name));
        }
        return directory(fd);
    }

    Directory openBeneath(Directory base, byte[] relative) throws SysException {
        byte[] path = relative.length == 0 ? DOT : relative;
        if (!openat2Missing && path.length < PATH_MAX) {
            long fd = openat2(fd(base), path);
            if (fd >= 0) {
                return directory((int) fd);
            }
            int errno = calls.lastError();
            if (errno == ENOSYS || errno == EPERM) {
                openat2Missing = true;  // before Linux 5.6, or refused by a container's seccomp filter
            } else if (errno != ENAMETOOLONG) {
                throw openError(errno);
            }
        }
        return openByComponents(fd(base), path);
    }

    /** openat2(2) (syscall 437) with struct open_how {flags, mode, resolve} and the path after it. */
    private long openat2(int dirFd, byte[] path) {
        Pointer how = calls.allocate(OPEN_HOW_SIZE + path.length + 1, true);
        how.putLongLong(0, O_PATH | O_DIRECTORY | O_CLOEXEC);
        how.putLongLong(16, RESOLVE_NO_MAGICLINKS | RESOLVE_NO_SYMLINKS | RESOLVE_BENEATH);
        how.put(OPEN_HOW_SIZE, path, 0, path.length);
        long fd = libc.syscall(SYS_OPENAT2, dirFd, how.address() + OPEN_HOW_SIZE, how.address(), OPEN_HOW_SIZE);
        Reference.reachabilityFence(how);  // native memory freed only once the kernel has read it
        return fd;
    }

    /**
     * What openat2's resolve flags do, by hand: O_NOFOLLOW on every component, ".." kept below base.
     * At most two descriptors at once, whatever the depth: each directory is closed once the next is
     * open. A ".." is opened from where it stands and must be the directory it came from (device and
     * inode, kept for each step): one moved meanwhile cannot lead out of base.
     */
    private Directory openByComponents(int baseFd, byte[] path) throws SysException {
        Stat base = calls.fstat(baseFd);
        long[] way = {base.dev, base.ino};  // device and inode of each directory on the way, base first
        int depth = 0;
        int fd = -1;  // the directory reached; -1: base itself
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
                boolean up = Arrays.equals(name, DOT_DOT);
                if (up && depth == 0) {
                    throw openError(EXDEV);
                }
                int at = fd < 0 ? baseFd : fd;
                int next = libc.openat(at, cString(name), O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC, 0);
                if (next < 0) {
                    throw openError(linkOrNot(calls.lastError(), at, name));
                }
                if (fd >= 0) {
                    libc.close(fd);
                }
                fd = next;
                Stat st = calls.fstat(fd);
                depth += up ? -1 : 1;
                if (up && (st.dev != way[2 * depth] || st.ino != way[2 * depth + 1])) {
                    throw openError(EXDEV);  // moved since it was passed: ".." leads elsewhere
                }
                if (!up) {
                    if (2 * depth + 2 > way.length) {
                        way = Arrays.copyOf(way, 2 * way.length);
                    }
                    way[2 * depth] = st.dev;
                    way[2 * depth + 1] = st.ino;
                }
            }
            if (fd < 0) {
                return directory(calls.openAt(baseFd, DOT, O_PATH | O_DIRECTORY | O_CLOEXEC));
            }
            int reached = fd;
            fd = -1;
            return directory(reached);
        } finally {
            if (fd >= 0) {
                libc.close(fd);
            }
        }
    }

    /**
     * The errno of an O_DIRECTORY|O_NOFOLLOW open of {@code name} in {@code dirFd}: O_DIRECTORY refuses a
     * symlink as ENOTDIR before O_NOFOLLOW's ELOOP; tell which it is.
     */
    private int linkOrNot(int errno, int dirFd, byte[] name) {
        return errno == ENOTDIR && isSymlink(dirFd, name) ? ELOOP : errno;
    }

    private boolean isSymlink(int dirFd, byte[] name) {
        try {
            return calls.statAt(dirFd, name, AT_SYMLINK_NOFOLLOW).type() == FileType.SYMLINK;
        } catch (SysException e) {
            return false;
        }
    }

    /** The error of an open that resolves names; EXDEV is only ever RESOLVE_BENEATH's. */
    private SysException openError(int errno) {
        return new SysException(errno, errno == EXDEV
                ? "'..' climbs above the directory the name starts from" : calls.strerror(errno));
    }

    Stat stat(Directory dir, byte[] name, boolean follow) throws SysException {
        return calls.statAt(fd(dir), name, follow ? 0 : AT_SYMLINK_NOFOLLOW);
    }

    /**
     * {@code cName}: NUL-terminated. A link followed is opened O_PATH: what it leads to now (a device
     * whose open acts, a FIFO) is not opened until its fstat is checked ({@link OpenFile#readable}).
     */
    OpenFile openTerminated(Directory dir, byte[] cName, boolean follow) throws SysException {
        if (follow) {
            int fd = libc.openat(fd(dir), cName, O_PATH | O_CLOEXEC, 0);
            calls.check(fd);
            return LibcFile.pathOnly(calls, residency, extents, fd);
        }
        int flags = O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | O_NOFOLLOW;
        // O_NOATIME is only allowed to the file's owner (or CAP_FOWNER): once refused in a directory,
        // its other files (most often of the same owner) are opened without it at the first try.
        LibcDirectory d = (LibcDirectory) dir;
        boolean noAtime = d.triesNoAtime();
        int fd = libc.openat(fd(d), cName, flags | (noAtime ? O_NOATIME : 0), 0);
        if (fd < 0 && noAtime && calls.lastError() == EPERM) {
            fd = libc.openat(fd(d), cName, flags, 0);
            if (fd >= 0) {
                d.noAtimeRefused();
            }
        }
        calls.check(fd);
        return new LibcFile(calls, residency, extents, fd);
    }

    /** What a ring needs to make files of what it opens: the calls, and what those opened here are handed. */
    LibcReadRing.Files files() {
        return new LibcReadRing.Files(calls, residency, extents);
    }

    long fileSystemType(Directory dir) throws SysException {
        return statfsMagic(fd(dir));
    }

    long fileSystemType(Directory dir, byte[] name, boolean follow) throws SysException {
        int fd = calls.openAt(fd(dir), name, O_PATH | O_CLOEXEC | (follow ? 0 : O_NOFOLLOW));
        try {
            return statfsMagic(fd);
        } finally {
            libc.close(fd);
        }
    }

    /** struct statfs's f_type, its first field. */
    private long statfsMagic(int fd) throws SysException {
        byte[] buf = new byte[128];
        calls.check(libc.fstatfs(fd, buf));
        return ByteBuffer.wrap(buf).order(ByteOrder.nativeOrder()).getLong(0);
    }

    /** Wraps a just-opened directory descriptor with its fstat, or closes it if fstat fails. */
    private Directory directory(int fd) throws SysException {
        return new LibcDirectory(fd, calls.fstatOrClose(fd), libc);
    }
}
