package dirdump.sys;

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
    private static final int EISDIR = 21;
    private static final int MODE = 0600;  // a snapshot names files that others may not see
    private static final int CHUNK = 1 << 16;

    private final LibcOs os;
    private final int dirFd;
    private final byte[] name;
    private final int fd;
    /** The temporary name, from the start where there is no O_TMPFILE; null until linked otherwise. */
    private byte[] temporary;
    private final ByteBuffer chunk = ByteBuffer.allocateDirect(CHUNK);
    private boolean committed;
    private boolean closed;

    private LibcReplacement(LibcOs os, int dirFd, byte[] name, int fd, byte[] temporary) {
        this.os = os;
        this.dirFd = dirFd;
        this.name = name;
        this.fd = fd;
        this.temporary = temporary;
    }

    static LibcReplacement create(LibcOs os, int dirFd, byte[] name) throws SysException {
        int fd = os.libc.openat(dirFd, LibcOs.cString(new byte[] {'.'}), O_TMPFILE | O_WRONLY | O_CLOEXEC, MODE);
        if (fd >= 0) {
            return new LibcReplacement(os, dirFd, name, fd, null);
        }
        int errno = os.lastError();
        if (errno != SysException.EOPNOTSUPP && errno != EISDIR && errno != SysException.EINVAL) {
            os.check(fd);
        }
        for (int attempt = 0; ; attempt++) {
            byte[] temporary = temporaryName(name);
            fd = os.libc.openat(dirFd, LibcOs.cString(temporary), LibcOs.CREATE_FILE, MODE);
            if (fd >= 0) {
                return new LibcReplacement(os, dirFd, name, fd, temporary);
            }
            if (os.lastError() != LibcOs.EEXIST || attempt == 100) {
                os.check(fd);
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
                    os.writeAll(fd, chunk);
                    at += n;
                }
            }
        };
    }

    @Override
    public void commit() throws SysException {
        try {
            os.check(os.writes.get().fsync(fd));  // on disk before it has the name: it is to outlive a reboot
            if (temporary == null) {
                link();
            }
            closed = true;
            os.check(os.libc.close(fd));  // also the errors of writes the file system deferred (NFS)
            os.check(os.writes.get().renameat(dirFd, LibcOs.cString(temporary), dirFd, LibcOs.cString(name)));
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
            byte[] proc = ("/proc/self/fd/" + fd).getBytes(StandardCharsets.US_ASCII);
            int rc = os.writes.get().linkat(LibcOs.AT_FDCWD, LibcOs.cString(proc), dirFd, LibcOs.cString(t), AT_SYMLINK_FOLLOW);
            if (rc < 0 && os.lastError() == SysException.ENOENT) {
                rc = os.writes.get().linkat(fd, LibcOs.cString(new byte[0]), dirFd, LibcOs.cString(t), LibcOs.AT_EMPTY_PATH);
            }
            if (rc == 0) {
                temporary = t;
                return;
            }
            if (os.lastError() != LibcOs.EEXIST || attempt == 100) {
                os.check(rc);
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
            os.libc.close(fd);
        }
        if (temporary != null) {
            os.writes.get().unlinkat(dirFd, LibcOs.cString(temporary), 0);  // a name only, never what a link points to
            temporary = null;
        }
    }
}
