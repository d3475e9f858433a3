package dirdump.sys;

/** The few fields of stat(2) that dirdump uses. */
public final class Stat {
    public final long dev;
    public final long ino;
    public final int mode;
    public final long size;

    public Stat(long dev, long ino, int mode, long size) {
        this.dev = dev;
        this.ino = ino;
        this.mode = mode;
        this.size = size;
    }

    public FileType type() {
        return FileType.fromMode(mode);
    }

    public boolean sameFile(long otherDev, long otherIno) {
        return dev == otherDev && ino == otherIno;
    }
}
