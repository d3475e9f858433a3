package dirdump.sys;

/** A directory open by libc: its descriptor, and its fstat as it was opened. */
final class LibcDirectory implements Directory {
    final int fd;
    /** A file here refused O_NOATIME: not the caller's, like the others here, most likely. */
    volatile boolean noAtimeRefused;
    private final Stat stat;
    private final LibcOs os;

    LibcDirectory(int fd, Stat stat, LibcOs os) {
        this.fd = fd;
        this.stat = stat;
        this.os = os;
    }

    @Override
    public Stat stat() {
        return stat;
    }

    @Override
    public void close() {
        os.libc.close(fd);
    }
}
