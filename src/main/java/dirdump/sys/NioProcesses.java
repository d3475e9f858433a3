package dirdump.sys;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/** {@link Processes} without libc: java.nio has none of these calls, so each fails, saying so. */
final class NioProcesses implements Processes {
    private final String fallbackReason;

    /** {@code fallbackReason}: why the native implementation could not be bound. */
    NioProcesses(String fallbackReason) {
        this.fallbackReason = fallbackReason;
    }

    @Override
    public String fallbackReason() {
        return fallbackReason;
    }

    /** java.nio has no geteuid; /proc/self/status's "Uid:" line has the real, effective, saved and fs uids. */
    @Override
    public int effectiveUid() throws SysException {
        String uids = KernelFile.field(Path.of("/proc/self/status"), "Uid:");
        try {
            if (uids != null) {
                return Integer.parseInt(uids.split("\\s+")[1]);
            }
        } catch (RuntimeException e) {
            // not told: below
        }
        throw new SysException(Errno.ENOSYS, "/proc/self/status does not tell the effective uid");
    }

    @Override
    public void setIoPriority(int ioClass, int level) throws SysException {
        throw Os.nativeOnly("ioprio_set");
    }

    @Override
    public long memoryLockLimit() throws SysException {
        throw Os.nativeOnly("getrlimit");
    }

    @Override
    public void newSession() throws SysException {
        throw Os.nativeOnly("setsid");
    }

    @Override
    public void detachStandardStreams() throws SysException {
        throw Os.nativeOnly("dup2");
    }

    @Override
    public void signal(long pid, int signal) throws SysException {
        throw Os.nativeOnly("kill");
    }

    @Override
    public WatchedProcess watch(long pid) throws SysException {
        throw Os.nativeOnly("pidfd_open");
    }

    @Override
    public long spawn(List<byte[]> argv, List<byte[]> env, long ignored, long blocked, Set<Integer> descriptors)
            throws SysException {
        throw Os.nativeOnly("posix_spawnp");
    }

    @Override
    public int waitFor(long pid) throws SysException {
        throw Os.nativeOnly("waitpid");
    }
}
