package dirdump.sys;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * The calls dirdump makes on processes, this one and others, which are no files: beside {@link Os}, with
 * the same two implementations (libc through jnr-ffi; without it, the java.nio fallback, which cannot
 * make them). What this process is started with is read from /proc/self, the same whichever runs.
 */
public interface Processes {
    /** geteuid(2): the effective uid, which decides who else can change what this process makes. */
    int effectiveUid() throws SysException;

    /** ioprio_set(2) for this thread and the threads it starts: class 1 realtime, 2 best-effort, 3 idle. */
    void setIoPriority(int ioClass, int level) throws SysException;

    /**
     * RLIMIT_MEMLOCK's soft limit in bytes, raised to the hard limit first where it is lower; -1 if it is
     * unlimited.
     */
    long memoryLockLimit() throws SysException;

    /** setsid(2): a session and process group of its own, with no controlling terminal. */
    void newSession() throws SysException;

    /** Puts /dev/null on descriptors 0, 1 and 2 (dup2), as a daemon's, once it has said what it did. */
    void detachStandardStreams() throws SysException;

    /** kill(2): sends signal {@code signal} to process {@code pid}. */
    void signal(long pid, int signal) throws SysException;

    /** A handle on process {@code pid} whose end can be awaited; ESRCH if it is not running. */
    WatchedProcess watch(long pid) throws SysException;

    /**
     * posix_spawnp(3): starts {@code argv} (its first word searched on PATH, as execvp does) with the
     * environment {@code env} ("NAME=VALUE" entries) and of dirdump's descriptors those in {@code
     * descriptors} only (every other closed in the child: the JVM's own have no close-on-exec), with the signal mask
     * {@code blocked}, every signal in {@code ignored} ignored (bit N - 1 for signal N, as
     * /proc/PID/status shows them: dirdump then ignores it too, but for those the JVM cannot do without)
     * and every other at its default. Returns its pid, for {@link #waitFor}.
     */
    long spawn(List<byte[]> argv, List<byte[]> env, long ignored, long blocked, Set<Integer> descriptors) throws SysException;

    /** waitpid(2) of a process {@link #spawn} started: its exit status, or 128 + N if signal N ended it. */
    int waitFor(long pid) throws SysException;

    /** Why libc could not be bound, when this is the java.nio fallback; null for the native implementation. */
    default String fallbackReason() {
        return null;
    }

    /**
     * This process's arguments as the kernel has them (/proc/self/cmdline): their bytes, each ended by
     * a NUL, those the JVM could not decode too.
     */
    static byte[] commandLine() throws SysException {
        return self("cmdline");
    }

    /**
     * The environment this process was started with (/proc/self/environ): "NAME=VALUE" entries, each
     * ended by a NUL, as bytes, those System.getenv() could not decode too.
     */
    static byte[] environment() throws SysException {
        return self("environ");
    }

    /** The signals this process ignores (SigIgn of /proc/self/status): bit N - 1 for signal N; 0 if unknown. */
    static long ignoredSignals() {
        String hex = KernelFile.field(Path.of("/proc/self/status"), "SigIgn:");
        try {
            return hex == null ? 0 : Long.parseUnsignedLong(hex, 16);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static byte[] self(String file) throws SysException {
        try {
            return Files.readAllBytes(Path.of("/proc/self", file));
        } catch (IOException e) {
            throw SysException.of(e);
        }
    }

    /**
     * The native implementation if libc can be bound, else the java.nio fallback, without a word: {@link
     * Os#load} warns of it.
     */
    static Processes load() {
        try {
            return new LibcProcesses(LibcBinding.get().calls());
        } catch (LinkageError | RuntimeException e) {
            return new NioProcesses(LibcBinding.reason(e));
        }
    }
}
