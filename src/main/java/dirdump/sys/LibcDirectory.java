package dirdump.sys;

/** A directory open by libc: its descriptor, and its fstat as it was opened. */
final class LibcDirectory implements Directory {
    private final int fd;
    /** A file here refused O_NOATIME: not the caller's, like the others here, most likely. */
    private volatile boolean noAtimeRefused;
    private final Stat stat;
    private final Libc libc;

    LibcDirectory(int fd, Stat stat, Libc libc) {
        this.fd = fd;
        this.stat = stat;
        this.libc = libc;
    }

    /** The descriptor of a directory libc opened. */
    static int fd(Directory dir) {
        return ((LibcDirectory) dir).fd;
    }

    /** Whether to open a file here with O_NOATIME first: none here has refused it yet. */
    boolean triesNoAtime() {
        return !noAtimeRefused;
    }

    /** A file here was opened once O_NOATIME was refused: the others are opened without it at the first try. */
    void noAtimeRefused() {
        noAtimeRefused = true;
    }

    @Override
    public Stat stat() {
        return stat;
    }

    @Override
    public void close() {
        libc.close(fd);
    }
}
