package dirdump.sys;

import static dirdump.sys.Errno.EAGAIN;
import static dirdump.sys.Errno.EEXIST;
import static dirdump.sys.Errno.EINTR;
import static dirdump.sys.Errno.ENOENT;
import static dirdump.sys.LibcCalls.AT_FDCWD;
import static dirdump.sys.LibcCalls.AT_SYMLINK_NOFOLLOW;
import static dirdump.sys.LibcCalls.CREATE_FILE;
import static dirdump.sys.LibcCalls.FILE_MODE;
import static dirdump.sys.LibcCalls.cString;
import static dirdump.sys.LibcDirectory.fd;
import static dirdump.sys.OpenFlag.O_CLOEXEC;
import static dirdump.sys.OpenFlag.O_NOCTTY;
import static dirdump.sys.OpenFlag.O_NOFOLLOW;
import static dirdump.sys.OpenFlag.O_NONBLOCK;
import static dirdump.sys.OpenFlag.O_RDONLY;

import java.io.InputStream;
import java.nio.ByteBuffer;
import jnr.ffi.Pointer;

/**
 * The files dirdump is given by name, for {@link LibcOs}: a pid file written, read and removed, a
 * --replay snapshot and a --files-from list read, a --save snapshot replaced.
 */
final class LibcNamedFiles {
    private static final int LOCK_EX = 2;
    private static final int LOCK_NB = 4;
    private static final int LOCK_TRIES = 100;
    private static final int LOCK_WAIT_MILLIS = 10;

    private final LibcCalls calls;
    private final Libc libc;

    LibcNamedFiles(LibcCalls calls) {
        this.calls = calls;
        this.libc = calls.libc();
    }

    SmallFile createFile(Directory dir, byte[] name, byte[] content) throws SysException {
        int fd = libc.openat(fd(dir), cString(name), CREATE_FILE, FILE_MODE);
        if (fd < 0 && calls.lastError() == EEXIST) {
            return null;
        }
        calls.check(fd);
        Stat written = calls.fstatOrClose(fd);
        try {
            if (!lock(fd)) {
                throw SysException.invalid("another process locked it as soon as it was made");
            }
            calls.writeAll(fd, ByteBuffer.allocateDirect(content.length).put(content).flip());
            calls.check(calls.writes().fsync(fd));  // also the errors of writes the file system deferred (NFS)
        } catch (SysException e) {
            removeAfterFailure(dir, name, written);  // while it is open: its inode is no other file's yet
            libc.close(fd);
            throw e;
        }
        return new SmallFile(written, content, false, () -> libc.close(fd));
    }

    /**
     * flock(LOCK_EX|LOCK_NB), tried for up to a second: another dirdump checking the file holds it only
     * that long (a read of 32 bytes, an unlink), one that holds the lock for good longer. False if another
     * process held it throughout.
     */
    private boolean lock(int fd) throws SysException {
        for (int tries = 0; ; tries++) {
            if (calls.writes().flock(fd, LOCK_EX | LOCK_NB) == 0) {
                return true;
            }
            int errno = calls.lastError();
            if (errno != EAGAIN && errno != EINTR) {
                throw new SysException(errno, "flock: " + calls.strerror(errno));
            }
            if (tries == LOCK_TRIES) {
                return false;
            }
            try {
                Thread.sleep(LOCK_WAIT_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    /** A file left half written is not the one asked for: removed, if it is still the one made; the write's error is told. */
    private void removeAfterFailure(Directory dir, byte[] name, Stat made) {
        try {
            removeIfSame(dir, name, made);
        } catch (SysException ignored) {
            // the failure told is the write's
        }
    }

    SmallFile readSmallFile(Directory dir, byte[] name, int max) throws SysException {
        Stat st = calls.statAt(fd(dir), name, AT_SYMLINK_NOFOLLOW);
        if (st.type() != FileType.REGULAR) {
            return new SmallFile(st, null, false, () -> { });
        }
        int fd = openStatted(dir, name, st);
        try {
            boolean mine = lock(fd);
            Pointer buf = calls.allocate(Math.max(max, 1), false);
            int n = calls.restarted(() -> libc.read(fd, buf, max));
            byte[] start = new byte[n];
            buf.get(0, start, 0, n);
            return new SmallFile(st, start, !mine, () -> libc.close(fd));
        } catch (SysException e) {
            libc.close(fd);
            throw e;
        }
    }

    InputStream openRegular(Directory dir, byte[] name) throws SysException {
        Stat found = calls.statAt(fd(dir), name, AT_SYMLINK_NOFOLLOW);
        if (found.type() != FileType.REGULAR) {
            throw Os.notRegular(found.type());
        }
        return new DescriptorInput(calls, openStatted(dir, name, found));
    }

    /**
     * Opens the regular file {@code found} (fstatat'ed without following links) named {@code name} in
     * {@code dir}, if it is still that file: only a regular file gets here, so no FIFO blocks and no
     * device is asked anything; O_NOFOLLOW and the fstat after catch a name swapped in between.
     */
    private int openStatted(Directory dir, byte[] name, Stat found) throws SysException {
        int fd = calls.openAt(fd(dir), name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
        try {
            Stat opened = calls.fstat(fd);
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
    boolean removeIfSame(Directory dir, byte[] name, Stat expected) throws SysException {
        Stat now;
        try {
            now = calls.statAt(fd(dir), name, AT_SYMLINK_NOFOLLOW);
        } catch (SysException e) {
            if (e.isGone()) {
                return false;
            }
            throw e;
        }
        if (!now.sameFile(expected.dev, expected.ino) || now.uid != expected.uid) {
            return false;
        }
        int rc = calls.writes().unlinkat(fd(dir), cString(name), 0);
        if (rc < 0 && calls.lastError() == ENOENT) {
            return false;
        }
        calls.check(rc);
        return true;
    }

    Replacement replace(Directory dir, byte[] name) throws SysException {
        return LibcReplacement.create(calls, fd(dir), name);
    }

    InputStream openInput(byte[] path) throws SysException {
        return new DescriptorInput(calls, calls.openAt(AT_FDCWD, path, O_RDONLY | O_CLOEXEC));
    }
}
