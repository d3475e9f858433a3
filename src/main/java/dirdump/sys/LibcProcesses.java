package dirdump.sys;

import static dirdump.sys.Errno.ENOSYS;
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
    private static final long SYS_PIDFD_OPEN = 434;  // the same number on every architecture
    private static final short POLLIN = 1;

    private final LibcCalls calls;

    LibcProcesses(LibcCalls calls) {
        this.calls = calls;
    }

    @Override
    public int effectiveUid() {
        return calls.access().geteuid();
    }

    @Override
    public long memoryLockLimit() throws SysException {
        long limit = calls.raisedLimit(RLIMIT_MEMLOCK);
        return limit < 0 ? -1 : limit;  // RLIM_INFINITY is -1 as a signed number
    }

    @Override
    public void newSession() throws SysException {
        calls.check(calls.processes().setsid());
    }

    @Override
    public void detachStandardStreams() throws SysException {
        int fd = calls.openAt(LibcCalls.AT_FDCWD, "/dev/null".getBytes(StandardCharsets.US_ASCII), O_RDWR | O_CLOEXEC);
        try {
            for (int std = 0; std <= 2; std++) {
                calls.check(calls.processes().dup2(fd, std));
            }
        } finally {
            calls.libc().close(fd);
        }
    }

    @Override
    public void signal(long pid, int signal) throws SysException {
        calls.check(calls.processes().kill((int) pid, signal));
    }

    @Override
    public WatchedProcess watch(long pid) throws SysException {
        long fd = calls.libc().syscall(SYS_PIDFD_OPEN, pid, 0, 0, 0);
        calls.check(fd);
        return new WatchedProcess() {
            @Override
            public void awaitExit() throws SysException {
                byte[] pollFd = new byte[8];
                ByteBuffer.wrap(pollFd).order(ByteOrder.nativeOrder()).putInt((int) fd).putShort(POLLIN);
                // A pidfd is readable once its process has ended; EINTR (a signal to this thread): poll again.
                calls.restarted(() -> calls.processes().poll(pollFd, 1, -1));
            }

            @Override
            public void close() {
                calls.libc().close((int) fd);
            }
        };
    }

    @Override
    public void setIoPriority(int ioClass, int level) throws SysException {
        String arch = System.getProperty("os.arch");
        long nr = "amd64".equals(arch) || "x86_64".equals(arch) ? 251 : "aarch64".equals(arch) ? 30 : -1;
        if (nr < 0) {
            throw new SysException(ENOSYS, "ioprio_set is not known on " + arch);
        }
        final int whoProcess = 1;
        calls.check(calls.libc().syscall(nr, whoProcess, 0, ((long) ioClass << 13) | level, 0));
    }

    @Override
    public long spawn(List<byte[]> argv, List<byte[]> env, long ignored, long blocked, Set<Integer> descriptors)
            throws SysException {
        return new Spawner(calls).spawn(argv, env, ignored, blocked, descriptors);
    }

    @Override
    public int waitFor(long pid) throws SysException {
        return new Spawner(calls).waitFor(pid);
    }
}
