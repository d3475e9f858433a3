package dirdump.sys;

import static dirdump.sys.OpenFlag.O_APPEND;
import static dirdump.sys.OpenFlag.O_CLOEXEC;
import static dirdump.sys.OpenFlag.O_DIRECTORY;
import static dirdump.sys.OpenFlag.O_NOCTTY;
import static dirdump.sys.OpenFlag.O_NOFOLLOW;
import static dirdump.sys.OpenFlag.O_NONBLOCK;
import static dirdump.sys.OpenFlag.O_RDONLY;
import static dirdump.sys.OpenFlag.O_WRONLY;

import java.nio.ByteBuffer;

/**
 * Makes a tree of new directories and files relative to open directory descriptors only: mkdirat(2)
 * and openat(2) with O_NOFOLLOW in a directory made here and checked with fstat. Only the top
 * directory is opened by name. Someone who can write to a directory of the tree may swap a
 * subdirectory for a symbolic link or for a directory of their own at any moment (renameat2 with
 * RENAME_EXCHANGE); a path resolved from the root would follow it, a descriptor does not: what is
 * created lands in a directory made here, or the call fails. For testdata-gen, run as root.
 */
public final class TreeCreator {
    /** A directory made here and open, with its identity as it was made, to check it against when opened again. */
    public record Made(int fd, long dev, long ino) {
    }

    /** A file made here (its identity as made), to append to when the tree is aged. */
    public record MadeFile(long dev, long ino) {
    }

    /** Nothing happens at open: a name swapped for a FIFO or device neither blocks nor becomes a terminal. */
    private static final int OPEN_TO_APPEND = O_WRONLY | O_APPEND | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;
    private static final int OPEN_DIRECTORY = O_RDONLY | O_DIRECTORY | O_CLOEXEC;
    private static final int DIRECTORY_MODE = 0755;
    /** Reserve only: the size grows with the writes, so that a failed write leaves no zeros behind. */
    private static final int FALLOC_FL_KEEP_SIZE = 1;

    /** dirdump's calls, for fstat and errno handling: the errors of the read and of the writes are told alike. */
    private final LibcCalls calls;
    private final Libc libc;
    private final int euid;

    private TreeCreator(LibcCalls calls) {
        this.calls = calls;
        this.libc = calls.libc();
        this.euid = calls.access().geteuid();
    }

    /**
     * On the libc that dirdump's reads bind (once per process). Throws what binding throws (a
     * LinkageError or a RuntimeException) if libc cannot be bound.
     */
    public static TreeCreator bind() {
        return new TreeCreator(LibcBinding.get().calls());
    }

    /** Opens the top directory by name (symbolic links followed: the name is the user's). */
    public Made openTop(byte[] path) throws SysException {
        int fd = libc.openat(LibcCalls.AT_FDCWD, LibcCalls.cString(path), OPEN_DIRECTORY, 0);
        check(fd);
        return checked(fd, null, false);
    }

    /** Makes directory {@code name} in {@code parent} and opens it; fails unless what opens is the one made. */
    public Made makeDirectory(Made parent, byte[] name) throws SysException {
        check(calls.writes().mkdirat(parent.fd(), LibcCalls.cString(name), DIRECTORY_MODE));
        return openIn(parent, name, null);
    }

    /** Opens a directory made before anew, relative to its parent; fails unless it still is {@code made}. */
    public Made reopen(Made parent, byte[] name, Made made) throws SysException {
        return openIn(parent, name, made);
    }

    public void closeDirectory(Made dir) {
        libc.close(dir.fd());  // nothing written through it: no error to lose
    }

    /** Creates a new file (never an existing one, nor through a symbolic link) and opens it for writing. */
    public int createFile(Made dir, byte[] name) throws SysException {
        int fd = libc.openat(dir.fd(), LibcCalls.cString(name), LibcCalls.CREATE_FILE, LibcCalls.FILE_MODE);
        check(fd);
        return fd;
    }

    /** The identity of a file open for writing, to check it against when it is opened again. */
    public MadeFile identity(int fd) throws SysException {
        Stat st = calls.fstat(fd);
        return new MadeFile(st.dev, st.ino);
    }

    /**
     * Opens a file made here to append to, relative to its directory, no link followed; fails (and
     * closes it) unless what opened is the file made, so that nothing is appended to a file someone put
     * in its place (a hard link to another file, say). Opening for append changes nothing.
     */
    public int openToAppend(Made dir, byte[] name, MadeFile made) throws SysException {
        int fd = libc.openat(dir.fd(), LibcCalls.cString(name), OPEN_TO_APPEND, 0);
        check(fd);
        try {
            Stat st = calls.fstat(fd);
            if (st.type() != FileType.REGULAR || !st.sameFile(made.dev(), made.ino()) || st.uid != euid) {
                throw new SysException(0, "another file now than the one made here: not appended to");
            }
            return fd;
        } catch (SysException e) {
            libc.close(fd);
            throw e;
        }
    }

    /** Removes a name from a directory made here: a name only, never what a link names, nor a directory. */
    public void remove(Made dir, byte[] name) throws SysException {
        check(calls.writes().unlinkat(dir.fd(), LibcCalls.cString(name), 0));
    }

    /** syncfs(2): what was written so far reaches the disk, its blocks allocated, before what comes next. */
    public void settle(Made dir) throws SysException {
        check(calls.writes().syncfs(dir.fd()));
    }

    /** Writes {@code data} from its position to its limit. */
    public void write(int fd, ByteBuffer data) throws SysException {
        calls.writeAll(fd, data);
    }

    /** Reserves the blocks of a range with fallocate(2), size kept; false if the file system cannot. */
    public boolean reserve(int fd, long offset, long length) throws SysException {
        if (calls.writes().fallocate(fd, FALLOC_FL_KEEP_SIZE, offset, length) == 0) {
            return true;
        }
        if (lastError() != Errno.EOPNOTSUPP) {
            check(-1);
        }
        return false;
    }

    /** close(2) also reports errors of writes the file system deferred (NFS); jnr-ffi saves its errno. */
    public void close(int fd) throws SysException {
        check(libc.close(fd));
    }

    private Made openIn(Made parent, byte[] name, Made made) throws SysException {
        int fd = libc.openat(parent.fd(), LibcCalls.cString(name), OPEN_DIRECTORY | O_NOFOLLOW, 0);
        int errno = fd < 0 ? lastError() : 0;
        // O_NOFOLLOW|O_DIRECTORY on a symbolic link: ENOTDIR on Linux 6.18 (ELOOP without O_DIRECTORY).
        if (errno == Errno.ENOTDIR || errno == Errno.ELOOP) {
            throw new SysException(errno, "a symbolic link or other file now, not the directory made here: "
                    + "not followed");
        }
        check(fd);
        return checked(fd, made, true);
    }

    /**
     * fstat of what was opened: a directory (O_DIRECTORY says so already; this checks the descriptor
     * itself), the one made (same st_dev and st_ino) if known, and ours if {@code ours}: a directory
     * someone else swapped in is theirs. Closes {@code fd} if not.
     */
    private Made checked(int fd, Made made, boolean ours) throws SysException {
        try {
            Stat st = calls.fstat(fd);
            if (st.type() != FileType.DIRECTORY) {
                throw new SysException(Errno.ENOTDIR, "Not a directory");
            }
            if (made != null && !st.sameFile(made.dev(), made.ino())) {
                throw new SysException(0, "another directory now than the one made here: not used");
            }
            if (ours && st.uid != euid) {
                throw new SysException(0, "owned by uid " + st.uid + ", not by uid " + euid
                        + " that made it: not the directory made here, not used");
            }
            return new Made(fd, st.dev, st.ino);
        } catch (SysException e) {
            libc.close(fd);
            throw e;
        }
    }

    private int lastError() {
        return calls.lastError();
    }

    private void check(long rc) throws SysException {
        calls.check(rc);
    }
}
