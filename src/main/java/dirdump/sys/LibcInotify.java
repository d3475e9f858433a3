package dirdump.sys;

import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/** {@link Inotify} on libc: one inotify descriptor, its events read in batches of up to 64 KiB. */
final class LibcInotify implements Inotify {
    private static final int IN_NONBLOCK = 04000;
    private static final int IN_CLOEXEC = 02000000;
    /** Only directories; no events for names already unlinked but still open elsewhere. */
    private static final int IN_ONLYDIR = 0x01000000;
    private static final int IN_EXCL_UNLINK = 0x04000000;
    private static final int MASK = IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_MODIFY | IN_CLOSE_WRITE
            | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_EXCL_UNLINK;
    private static final short POLLIN = 1;
    private static final int EVENT_HEAD = 16;  // struct inotify_event {int wd; u32 mask, cookie, len; char name[];}

    private final LibcCalls shared;
    private final Libc.Watches calls;
    private final int fd;
    private final byte[] buffer = new byte[64 * 1024];
    private final byte[] pollFd = new byte[8];

    LibcInotify(LibcCalls shared) throws SysException {
        this.shared = shared;
        this.calls = shared.watches();
        int made = calls.inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
        if (made < 0) {
            int errno = shared.lastError();
            throw new SysException(errno, "inotify_init1: " + shared.strerror(errno) + (errno == Errno.EMFILE
                    ? " (fs.inotify.max_user_instances reached, or no descriptor left)" : ""));
        }
        this.fd = made;
        boolean little = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;
        putInt(pollFd, 0, fd, little);
        pollFd[4] = (byte) (little ? POLLIN : 0);
        pollFd[5] = (byte) (little ? 0 : POLLIN);
    }

    @Override
    public int watch(Directory dir) throws SysException {
        byte[] self = ("/proc/self/fd/" + LibcDirectory.fd(dir) + "\0").getBytes(StandardCharsets.US_ASCII);
        int wd = calls.inotify_add_watch(fd, self, MASK);
        shared.check(wd);
        return wd;
    }

    @Override
    public void unwatch(int wd) {
        calls.inotify_rm_watch(fd, wd);  // EINVAL: the kernel removed it already (IN_IGNORED is queued)
    }

    @Override
    public int read(int timeoutMillis, Events sink) throws SysException {
        int ready = calls.poll(pollFd, 1, timeoutMillis);
        if (ready < 0 && shared.lastError() != Errno.EINTR) {
            shared.check(ready);
        }
        if (ready <= 0) {
            return 0;
        }
        long n = calls.read(fd, buffer, buffer.length);
        if (n < 0) {
            int errno = shared.lastError();
            if (errno == Errno.EAGAIN || errno == Errno.EINTR) {
                return 0;
            }
            shared.check(n);
        }
        boolean little = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;
        int count = 0;
        for (int at = 0; at + EVENT_HEAD <= n; count++) {
            int wd = getInt(buffer, at, little);
            int mask = getInt(buffer, at + 4, little);
            int len = getInt(buffer, at + 12, little);
            int end = at + EVENT_HEAD;
            while (end < at + EVENT_HEAD + len && buffer[end] != 0) {
                end++;
            }
            byte[] name = len == 0 ? null : java.util.Arrays.copyOfRange(buffer, at + EVENT_HEAD, end);
            sink.event(wd, mask, name);
            at += EVENT_HEAD + len;
        }
        return count;
    }

    @Override
    public void close() {
        shared.libc().close(fd);
    }

    private static int getInt(byte[] b, int at, boolean little) {
        int v = 0;
        for (int i = 0; i < 4; i++) {
            int shift = little ? 8 * i : 8 * (3 - i);
            v |= (b[at + i] & 0xff) << shift;
        }
        return v;
    }

    private static void putInt(byte[] b, int at, int v, boolean little) {
        for (int i = 0; i < 4; i++) {
            b[at + i] = (byte) (v >>> (little ? 8 * i : 8 * (3 - i)));
        }
    }
}
