package dirdump.sys;

import static dirdump.sys.Errno.EEXIST;
import static dirdump.sys.Errno.EINVAL;
import static dirdump.sys.Errno.EISDIR;
import static dirdump.sys.Errno.ENOENT;
import static dirdump.sys.Errno.EOPNOTSUPP;
import static dirdump.sys.LibcCalls.AT_EMPTY_PATH;
import static dirdump.sys.LibcCalls.AT_FDCWD;
import static dirdump.sys.LibcCalls.CREATE_FILE;
import static dirdump.sys.LibcCalls.cString;
import static dirdump.sys.OpenFlag.O_CLOEXEC;
import static dirdump.sys.OpenFlag.O_TMPFILE;
import static dirdump.sys.OpenFlag.O_WRONLY;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ThreadLocalRandom;

/**
 * {@link Replacement} by libc: an O_TMPFILE file in the target's directory, which has no name while
 * it is written (so that a SIGKILL leaves nothing, and no one can open or swap it), given a
 * temporary name by linkat once synced, and renamed over the target at once (linkat cannot replace
 * a name). Where the file system has no O_TMPFILE, a new temporary name with O_CREAT|O_EXCL|O_NOFOLLOW
 * (never an existing file, nor through a link), removed again unless committed. Every name is
 * relative to the directory's handle, which links do not move.
 */
final class LibcReplacement implements Replacement {
    private static final int AT_SYMLINK_FOLLOW = 0x400;
    private static final int MODE = 0600;  // a snapshot names files that others may not see
    private static final int CHUNK = 1 << 16;

    private final LibcCalls calls;
    private final int dirFd;
    private final byte[] name;
    private final int fd;
    /** The temporary name, from the start where there is no O_TMPFILE; null until linked otherwise. */
    private byte[] temporary;
    private final ByteBuffer chunk = ByteBuffer.allocateDirect(CHUNK);
    private boolean committed;
    private boolean closed;

    private LibcReplacement(LibcCalls calls, int dirFd, byte[] name, int fd, byte[] temporary) {
        this.calls = calls;
        this.dirFd = dirFd;
        this.name = name;
        this.fd = fd;
        this.temporary = temporary;
    }

    static LibcReplacement create(LibcCalls calls, int dirFd, byte[] name) throws SysException {
        Libc libc = calls.libc();
        int fd = libc.openat(dirFd, cString(new byte[] {'.'}), O_TMPFILE | O_WRONLY | O_CLOEXEC, MODE);
        if (fd >= 0) {
            return new LibcReplacement(calls, dirFd, name, fd, null);
        }
        int errno = calls.lastError();
        if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL) {
            calls.check(fd);
        }
        for (int attempt = 0; ; attempt++) {
            byte[] temporary = temporaryName(name);
            fd = libc.openat(dirFd, cString(temporary), CREATE_FILE, MODE);
            if (fd >= 0) {
                return new LibcReplacement(calls, dirFd, name, fd, temporary);
            }
            if (calls.lastError() != EEXIST || attempt == 100) {
                calls.check(fd);
            }
        }
    }

    /** ".NAME.RANDOM.tmp": hidden, and never one that exists (O_EXCL, linkat's EEXIST). */
    private static byte[] temporaryName(byte[] name) {
        String random = "." + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + ".tmp";
        byte[] tail = random.getBytes(StandardCharsets.US_ASCII);
        byte[] t = new byte[1 + name.length + tail.length];
        t[0] = '.';
        System.arraycopy(name, 0, t, 1, name.length);
        System.arraycopy(tail, 0, t, 1 + name.length, tail.length);
        return t;
    }

    @Override
    public OutputStream output() {
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                for (int at = off; at < off + len; ) {
                    int n = Math.min(CHUNK, off + len - at);
                    chunk.clear();
                    chunk.put(b, at, n).flip();
                    calls.writeAll(fd, chunk);
                    at += n;
                }
            }
        };
    }

    @Override
    public void commit() throws SysException {
        try {
            calls.check(calls.writes().fsync(fd));  // on disk before it has the name: it is to outlive a reboot
            if (temporary == null) {
                link();
            }
            closed = true;
            calls.check(calls.libc().close(fd));  // also the errors of writes the file system deferred (NFS)
            calls.check(calls.writes().renameat(dirFd, cString(temporary), dirFd, cString(name)));
            committed = true;
        } finally {
            if (!committed) {
                discard();
            }
        }
    }

    /** Gives the nameless file a temporary name: /proc/self/fd/N needs no privilege, AT_EMPTY_PATH works without /proc. */
    private void link() throws SysException {
        for (int attempt = 0; ; attempt++) {
            byte[] t = temporaryName(name);
            int rc = calls.writes().linkat(AT_FDCWD, LibcCalls.procSelfFd(fd), dirFd, cString(t), AT_SYMLINK_FOLLOW);
            if (rc < 0 && calls.lastError() == ENOENT) {
                rc = calls.writes().linkat(fd, LibcCalls.EMPTY_C_NAME, dirFd, cString(t), AT_EMPTY_PATH);
            }
            if (rc == 0) {
                temporary = t;
                return;
            }
            if (calls.lastError() != EEXIST || attempt == 100) {
                calls.check(rc);
            }
        }
    }

    /** Uncommitted: an O_TMPFILE file goes with its descriptor; a temporary name is removed. */
    @Override
    public void close() {
        if (!committed) {
            discard();
        }
    }

    private void discard() {
        if (!closed) {
            closed = true;
            calls.libc().close(fd);
        }
        if (temporary != null) {
            calls.writes().unlinkat(dirFd, cString(temporary), 0);  // a name only, never what a link points to
            temporary = null;
        }
    }
}
