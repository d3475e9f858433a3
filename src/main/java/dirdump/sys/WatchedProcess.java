package dirdump.sys;

/**
 * A process held by a pidfd (pidfd_open, Linux 5.3+): the handle names that process and no other, so a
 * pid used again after it ends is never mistaken for it, as a pid read from a file or the environment
 * could be.
 */
public interface WatchedProcess extends AutoCloseable {
    /** Blocks until the process has ended (poll on the pidfd); returns at once if it has. */
    void awaitExit() throws SysException;

    @Override
    void close();
}
