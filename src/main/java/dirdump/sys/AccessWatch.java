package dirdump.sys;

/**
 * Which processes open which files while a job runs (run --learn as root): fanotify marks on the file
 * systems of the job's PATHs ({@code FAN_MARK_FILESYSTEM}, {@code FAN_OPEN}), each event's file told by the
 * device and inode of the descriptor fanotify hands over (fstat'ed and closed at once, never reopened by
 * a name), and the kernel's process connector telling each fork, so that the job's process tree is known
 * also of processes that ended before their events were read.
 */
public interface AccessWatch extends AutoCloseable {
    /** What the events say, as they are read: on the thread that calls {@link #collect}. */
    interface Sink {
        /** Process {@code pid} opened the file of device {@code dev} and inode {@code ino}. */
        void opened(int pid, long dev, long ino);

        /** Process {@code parent} started process {@code child} (thread-group ids: threads are not told). */
        void forked(int parent, int child);

        /** Events were lost (the kernel's queue overflowed): what was learned is incomplete. */
        void lost();
    }

    /** Opening a watch: watching, or refused with the reason (not root, no fanotify, no process connector). */
    sealed interface Opening {
        record Watching(AccessWatch watch) implements Opening {
        }

        record Refused(String why) implements Opening {
        }
    }

    /** Adds the file system {@code dir} lies on, by its handle: no name is resolved again. */
    void markFileSystem(Directory dir) throws SysException;

    /** Waits up to {@code timeoutMillis} (0: not at all) for events and hands all there are to {@code sink}. */
    void collect(int timeoutMillis, Sink sink) throws SysException;

    @Override
    void close();

    /** A watch, if this process may have one (CAP_SYS_ADMIN for fanotify, CAP_NET_ADMIN for forks). */
    static Opening open() {
        LibcOs os;
        try {
            os = LibcBinding.get();
        } catch (LinkageError | RuntimeException e) {
            return new Opening.Refused("no libc: " + LibcBinding.reason(e));
        }
        return LibcAccessWatch.open(os.calls());
    }
}
