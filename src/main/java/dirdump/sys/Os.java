package dirdump.sys;

import java.util.function.Consumer;

/**
 * The system calls dirdump needs, on paths given as bytes (Linux names need not be valid UTF-8).
 * The native implementation binds libc with jnr-ffi; the fallback uses java.nio.
 */
public interface Os {
    /** A few words for -v and --json: which implementation runs. */
    String description();

    /** Lists a directory without stat'ing its entries. {@code follow}: open it through a symlink. */
    void list(byte[] dir, boolean follow, EntrySink sink) throws SysException;

    Stat stat(byte[] path, boolean follow) throws SysException;

    /**
     * Opens for reading with O_NOFOLLOW|O_NONBLOCK|O_NOATIME, so that a symlink is refused and a FIFO
     * cannot block. {@code follow} lifts O_NOFOLLOW, for links the user asked to follow.
     */
    OpenFile openForReading(byte[] path, boolean follow) throws SysException;

    ReadBuffer allocate(int capacity);

    /** statfs(2) f_type: the file system's magic number (tmpfs 0x01021994, NFS 0x6969, ...). */
    long fileSystemType(byte[] path) throws SysException;

    /** ioprio_set(2) for this thread and the threads it starts: class 1 realtime, 2 best-effort, 3 idle. */
    void setIoPriority(int ioClass, int level) throws SysException;

    /** sync(2): writes every file system's dirty data out, so that eviction can drop all of it. */
    void sync() throws SysException;

    /** Starts binding libc in the background, for a command that will need it (see {@link #load}). */
    static void bindInBackground() {
        LibcBinding.start();
    }

    /** The native implementation if libc can be bound, else java.nio after one warning. */
    static Os load(Consumer<String> warn) {
        try {
            return LibcBinding.get();
        } catch (LinkageError | RuntimeException e) {
            warn.accept("cannot bind libc (" + e.getClass().getSimpleName() + ": " + e.getMessage()
                    + "); using java.nio, which is slower");
            return new NioOs();
        }
    }
}
