package dirdump.sys;

import jnr.ffi.Pointer;

/**
 * One thread's struct statx and the fields of it dirdump uses, filled again for each file by
 * {@link OpenFile#stat(StatBuffer)}: a pass over many files makes no {@link Stat} (and no byte array)
 * per file, and makes one ({@link #toStat()}) only for a file it keeps or hands on. Not thread-safe.
 */
public final class StatBuffer {
    /** The native struct, made at the first statx into it (the java.nio fallback fills the fields only). */
    Pointer memory;
    long dev;
    long ino;
    int mode;
    long size;
    long blocks;
    int uid;
    long mountId;
    boolean mountRoot;
    long mtimeNanos;

    /** Copies {@code st} in: a stat the fallback made. */
    void set(Stat st) {
        set(st.dev, st.ino, st.mode, st.size, st.blocks, st.uid, st.mountId, st.mountRoot, st.mtimeNanos);
    }

    void set(long dev, long ino, int mode, long size, long blocks, int uid, long mountId, boolean mountRoot,
             long mtimeNanos) {
        this.dev = dev;
        this.ino = ino;
        this.mode = mode;
        this.size = size;
        this.blocks = blocks;
        this.uid = uid;
        this.mountId = mountId;
        this.mountRoot = mountRoot;
        this.mtimeNanos = mtimeNanos;
    }

    /** A copy of what it holds, to keep: another buffer, with no native memory of its own. */
    public StatBuffer copy() {
        StatBuffer c = new StatBuffer();
        c.copyFrom(this);
        return c;
    }

    /** Takes what {@code other} holds: a buffer kept for a file in flight, filled again for each (no object a file). */
    public void copyFrom(StatBuffer other) {
        set(other.dev, other.ino, other.mode, other.size, other.blocks, other.uid, other.mountId, other.mountRoot,
                other.mtimeNanos);
    }

    /** What it holds, as a Stat of its own. */
    public Stat toStat() {
        return new Stat(dev, ino, mode, size, blocks, uid, mountId, mountRoot, mtimeNanos);
    }

    public long dev() {
        return dev;
    }

    public long ino() {
        return ino;
    }

    public long size() {
        return size;
    }

    /** See {@link Stat#mountRoot}. */
    public boolean mountRoot() {
        return mountRoot;
    }

    public FileType type() {
        return FileType.fromMode(mode);
    }

    /** See {@link Stat#sparse()}. */
    public boolean sparse() {
        return Stat.sparse(blocks, size);
    }
}
