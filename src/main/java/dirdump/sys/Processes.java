package dirdump.sys;

import java.util.List;

/**
 * The calls dirdump makes on processes, this one and others, which are no files: beside {@link Os}, with
 * the same two implementations (libc through jnr-ffi; without it, the java.nio fallback, which cannot
 * make them).
 */
public interface Processes {
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
     * environment {@code env} ("NAME=VALUE" entries) and dirdump's descriptors, with the signal mask
     * {@code blocked}, every signal in {@code ignored} ignored (bit N - 1 for signal N, as
     * /proc/PID/status shows them: dirdump then ignores it too, but for those the JVM cannot do without)
     * and every other at its default. Returns its pid, for {@link #waitFor}.
     */
    long spawn(List<byte[]> argv, List<byte[]> env, long ignored, long blocked) throws SysException;

    /** waitpid(2) of a process {@link #spawn} started: its exit status, or 128 + N if signal N ended it. */
    int waitFor(long pid) throws SysException;

    /** Why libc could not be bound, when this is the java.nio fallback; null for the native implementation. */
    default String fallbackReason() {
        return null;
    }

    /**
     * The native implementation if libc can be bound, else the java.nio fallback, without a word: {@link
     * Os#load} warns of it.
     */
    static Processes load() {
        try {
            return new LibcProcesses(LibcBinding.get());
        } catch (LinkageError | RuntimeException e) {
            return new NioProcesses(LibcBinding.reason(e));
        }
    }
}
