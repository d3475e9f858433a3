package dirdump.sys;

import static dirdump.sys.OpenFlag.O_CLOEXEC;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;

/** {@link Processes} on libc: geteuid, setsid, dup2, kill, pidfd_open and poll, posix_spawnp, ioprio_set, getrlimit. */
final class LibcProcesses implements Processes {
    private static final int RLIMIT_MEMLOCK = 8;
    private static final int O_RDWR = 2;
    private static final int EINTR = 4;
    private static final long SYS_PIDFD_OPEN = 434;  // the same number on every architecture
    private static final short POLLIN = 1;

    private final LibcOs os;

    LibcProcesses(LibcOs os) {
        this.os = os;
    }

    @Override
    public int effectiveUid() {
        return os.access.get().geteuid();
    }

    @Override
    public long memoryLockLimit() throws SysException {
        long[] limit = new long[2];
        os.check(os.libc.getrlimit(RLIMIT_MEMLOCK, limit));
        if (limit[0] != limit[1] && os.libc.setrlimit(RLIMIT_MEMLOCK, new long[] {limit[1], limit[1]}) == 0) {
            limit[0] = limit[1];
        }
        return limit[0] < 0 ? -1 : limit[0];  // RLIM_INFINITY is -1 as a signed number
    }

    @Override
    public void newSession() throws SysException {
        os.check(os.processes.get().setsid());
    }

    @Override
    public void detachStandardStreams() throws SysException {
        int fd = os.openAt(LibcOs.AT_FDCWD, "/dev/null".getBytes(StandardCharsets.US_ASCII), O_RDWR | O_CLOEXEC);
        try {
            for (int std = 0; std <= 2; std++) {
                os.check(os.processes.get().dup2(fd, std));
            }
        } finally {
            os.libc.close(fd);
        }
    }

    @Override
    public void signal(long pid, int signal) throws SysException {
        os.check(os.processes.get().kill((int) pid, signal));
    }

    @Override
    public WatchedProcess watch(long pid) throws SysException {
        long fd = os.libc.syscall(SYS_PIDFD_OPEN, pid, 0, 0, 0);
        os.check(fd);
        return new WatchedProcess() {
            @Override
            public void awaitExit() throws SysException {
                byte[] pollFd = new byte[8];
                ByteBuffer.wrap(pollFd).order(ByteOrder.nativeOrder()).putInt((int) fd).putShort(POLLIN);
                // A pidfd is readable once its process has ended; EINTR (a signal to this thread): poll again.
                while (os.processes.get().poll(pollFd, 1, -1) < 0) {
                    int errno = os.lastError();
                    if (errno != EINTR) {
                        throw new SysException(errno, os.strerror(errno));
                    }
                }
            }

            @Override
            public void close() {
                os.libc.close((int) fd);
            }
        };
    }

    @Override
    public void setIoPriority(int ioClass, int level) throws SysException {
        String arch = System.getProperty("os.arch");
        long nr = "amd64".equals(arch) || "x86_64".equals(arch) ? 251 : "aarch64".equals(arch) ? 30 : -1;
        if (nr < 0) {
            throw new SysException(SysException.ENOSYS, "ioprio_set is not known on " + arch);
        }
        final int whoProcess = 1;
        os.check(os.libc.syscall(nr, whoProcess, 0, ((long) ioClass << 13) | level, 0));
    }

    @Override
    public long spawn(List<byte[]> argv, List<byte[]> env, long ignored, long blocked, Set<Integer> descriptors)
            throws SysException {
        return new Spawner(os, os.runtime).spawn(argv, env, ignored, blocked, descriptors);
    }

    @Override
    public int waitFor(long pid) throws SysException {
        return new Spawner(os, os.runtime).waitFor(pid);
    }
}
