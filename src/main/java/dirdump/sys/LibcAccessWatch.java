package dirdump.sys;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import jnr.ffi.Pointer;
import jnr.ffi.annotations.In;
import jnr.ffi.annotations.Out;
import jnr.ffi.annotations.SaveError;

/**
 * {@link AccessWatch} on libc: fanotify_init(2) and fanotify_mark(2), and a netlink socket on the process
 * connector (PROC_CN_MCAST_LISTEN) for forks. Both descriptors are non-blocking and polled together.
 */
final class LibcAccessWatch implements AccessWatch {
    private static final int FAN_CLOEXEC = 0x1;
    private static final int FAN_NONBLOCK = 0x2;
    /** Root may have a queue of no bound: a job's opens are not lost while dirdump is slow to read them. */
    private static final int FAN_UNLIMITED_QUEUE = 0x10;
    private static final int FAN_MARK_ADD = 0x1;
    private static final int FAN_MARK_FILESYSTEM = 0x100;
    private static final long FAN_OPEN = 0x20;
    private static final long FAN_Q_OVERFLOW = 0x4000;
    private static final int FANOTIFY_METADATA_VERSION = 3;
    private static final int O_RDONLY_LARGEFILE_CLOEXEC = 0x8000 | 0x80000;
    private static final int AF_NETLINK = 16;
    private static final int SOCK_DGRAM = 2;
    private static final int SOCK_NONBLOCK = 0x800;
    private static final int SOCK_CLOEXEC = 0x80000;
    private static final int NETLINK_CONNECTOR = 11;
    private static final int CN_IDX_PROC = 1;
    private static final int CN_VAL_PROC = 1;
    private static final int NLMSG_DONE = 3;
    private static final int PROC_CN_MCAST_LISTEN = 1;
    private static final int PROC_EVENT_FORK = 1;
    /** nlmsghdr (16) and cn_msg (20): where a proc_event starts. */
    private static final int PROC_EVENT = 16 + 20;
    private static final short POLLIN = 1;
    private static final int BUFFER = 1 << 16;

    /** The calls only a learning run makes, bound on its first. */
    public interface Calls {
        @SaveError
        int fanotify_init(int flags, int eventFlags);

        @SaveError
        int fanotify_mark(int fd, int flags, long mask, int dirFd, @In byte[] path);

        @SaveError
        int socket(int domain, int type, int protocol);

        @SaveError
        int bind(int fd, @In byte[] address, int length);

        @SaveError
        long send(int fd, @In byte[] message, long length, int flags);

        @SaveError
        long recv(int fd, Pointer buf, long length, int flags);

        @SaveError
        long read(int fd, Pointer buf, long count);

        @SaveError
        int poll(@In @Out byte[] fds, long nfds, int timeout);

        int close(int fd);
    }

    private static final Late<Calls> CALLS = LibcCalls.late(Calls.class);

    private final LibcCalls libc;
    private final Calls calls;
    private final int fanotify;
    private final int forks;
    private final Pointer buffer;

    private LibcAccessWatch(LibcCalls libc, Calls calls, int fanotify, int forks) {
        this.libc = libc;
        this.calls = calls;
        this.fanotify = fanotify;
        this.forks = forks;
        this.buffer = libc.allocate(BUFFER, false);
    }

    static Opening open(LibcCalls libc) {
        Calls calls;
        try {
            calls = CALLS.get();
        } catch (LinkageError | RuntimeException e) {
            return new Opening.Refused("fanotify cannot be bound: " + e.getMessage());
        }
        int fan = calls.fanotify_init(FAN_CLOEXEC | FAN_NONBLOCK | FAN_UNLIMITED_QUEUE, O_RDONLY_LARGEFILE_CLOEXEC);
        if (fan < 0) {
            return new Opening.Refused("fanotify_init: " + libc.strerror(libc.lastError()));
        }
        int sock = calls.socket(AF_NETLINK, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, NETLINK_CONNECTOR);
        String refused = sock < 0 ? "the process connector: " + libc.strerror(libc.lastError()) : listen(libc, calls, sock);
        if (refused != null) {
            if (sock >= 0) {
                calls.close(sock);
            }
            calls.close(fan);
            return new Opening.Refused(refused);
        }
        return new Opening.Watching(new LibcAccessWatch(libc, calls, fan, sock));
    }

    /** Joins the process connector's group and asks it to tell: null, or why not. */
    private static String listen(LibcCalls libc, Calls calls, int sock) {
        byte[] address = new byte[12];  // struct sockaddr_nl {family, pad, pid (0: the kernel's choice), groups}
        putShort(address, 0, AF_NETLINK);
        putInt(address, 8, CN_IDX_PROC);
        if (calls.bind(sock, address, address.length) < 0) {
            return "the process connector: bind: " + libc.strerror(libc.lastError());
        }
        byte[] message = new byte[PROC_EVENT + 4];
        putInt(message, 0, message.length);  // nlmsghdr {len, type, flags, seq, pid}
        putShort(message, 4, NLMSG_DONE);
        putInt(message, 16, CN_IDX_PROC);  // cn_msg {idx, val, seq, ack, len, flags}
        putInt(message, 20, CN_VAL_PROC);
        putShort(message, 32, 4);
        putInt(message, PROC_EVENT, PROC_CN_MCAST_LISTEN);
        if (calls.send(sock, message, message.length, 0) < 0) {
            return "the process connector: " + libc.strerror(libc.lastError());
        }
        return null;
    }

    @Override
    public void markFileSystem(Directory dir) throws SysException {
        libc.check(calls.fanotify_mark(fanotify, FAN_MARK_ADD | FAN_MARK_FILESYSTEM, FAN_OPEN, LibcDirectory.fd(dir), null));
    }

    @Override
    public void collect(int timeoutMillis, Sink sink) throws SysException {
        byte[] fds = new byte[16];  // struct pollfd {int fd; short events; short revents;} twice
        putInt(fds, 0, fanotify);
        putShort(fds, 4, POLLIN);
        putInt(fds, 8, forks);
        putShort(fds, 12, POLLIN);
        int ready = calls.poll(fds, 2, timeoutMillis);
        if (ready < 0 && libc.lastError() != Errno.EINTR) {
            libc.check(ready);
        }
        // forks first: a child's fork is told before its opens are read, whichever woke the poll
        while (forkEvent(sink)) {
            // each datagram one event
        }
        while (fileEvents(sink)) {
            // until the queue is empty
        }
    }

    /** One datagram of the process connector: false once none is left. */
    private boolean forkEvent(Sink sink) throws SysException {
        long n = calls.recv(forks, buffer, BUFFER, 0);
        if (n < 0) {
            return retry();
        }
        if (n >= PROC_EVENT + 32 && buffer.getInt(PROC_EVENT) == PROC_EVENT_FORK) {
            // struct proc_event {what, cpu, timestamp_ns; fork {parent_pid, parent_tgid, child_pid, child_tgid}}
            int parent = buffer.getInt(PROC_EVENT + 16 + 4);
            int child = buffer.getInt(PROC_EVENT + 16 + 12);
            if (parent != child) {
                sink.forked(parent, child);
            }
        }
        return true;
    }

    /** One read of fanotify's queue, every event in it handed on and its descriptor closed: false once empty. */
    private boolean fileEvents(Sink sink) throws SysException {
        long n = calls.read(fanotify, buffer, BUFFER);
        if (n < 0) {
            return retry();
        }
        // struct fanotify_event_metadata {u32 event_len; u8 vers, reserved; u16 metadata_len; u64 mask; s32 fd, pid}
        for (long at = 0; at + 24 <= n; ) {
            long length = Integer.toUnsignedLong(buffer.getInt(at));
            if (buffer.getByte(at + 4) != FANOTIFY_METADATA_VERSION || length < 24 || at + length > n) {
                throw SysException.invalid("fanotify: an event of an unknown layout");
            }
            long mask = buffer.getLong(at + 8);
            int fd = buffer.getInt(at + 16);
            int pid = buffer.getInt(at + 20);
            if ((mask & FAN_Q_OVERFLOW) != 0) {
                sink.lost();
            }
            if (fd >= 0) {
                try {
                    Stat st = libc.fstat(fd);
                    sink.opened(pid, st.dev, st.ino);
                } catch (SysException e) {
                    // a file system that cannot say: not one of the walk's files
                } finally {
                    calls.close(fd);
                }
            }
            at += length;
        }
        return true;
    }

    /** After a failed read: true to read again (EINTR), false when nothing is left (EAGAIN); else its error. */
    private boolean retry() throws SysException {
        int errno = libc.lastError();
        if (errno == Errno.EINTR) {
            return true;
        }
        if (errno == Errno.EAGAIN) {
            return false;
        }
        throw libc.failure(errno);
    }

    @Override
    public void close() {
        calls.close(forks);
        calls.close(fanotify);
    }

    private static void putInt(byte[] b, int at, int value) {
        ByteBuffer.wrap(b).order(ByteOrder.nativeOrder()).putInt(at, value);
    }

    private static void putShort(byte[] b, int at, int value) {
        ByteBuffer.wrap(b).order(ByteOrder.nativeOrder()).putShort(at, (short) value);
    }
}
