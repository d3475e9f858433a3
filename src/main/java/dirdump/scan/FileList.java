package dirdump.scan;

import java.util.Arrays;
import java.util.BitSet;

/**
 * The files to read, in the order they were listed, in parallel primitive arrays: a directory index,
 * a name relative to it, the device and the inode. About 40 bytes a file plus its name.
 */
public final class FileList {
    private int size;
    private int[] dir = new int[1024];
    private byte[][] name = new byte[1024][];
    private long[] dev = new long[1024];
    private long[] ino = new long[1024];
    /** Files reached through a symbolic link the user asked to follow (-L, or a PATH). */
    private final BitSet followed = new BitSet();

    public void add(int dirIndex, byte[] fileName, long device, long inode, boolean throughLink) {
        if (size == dir.length) {
            int n = size + (size >> 1);
            dir = Arrays.copyOf(dir, n);
            name = Arrays.copyOf(name, n);
            dev = Arrays.copyOf(dev, n);
            ino = Arrays.copyOf(ino, n);
        }
        dir[size] = dirIndex;
        name[size] = fileName;
        dev[size] = device;
        ino[size] = inode;
        if (throughLink) {
            followed.set(size);
        }
        size++;
    }

    public int size() {
        return size;
    }

    public int dir(int f) {
        return dir[f];
    }

    public byte[] name(int f) {
        return name[f];
    }

    public long dev(int f) {
        return dev[f];
    }

    public long ino(int f) {
        return ino[f];
    }

    public boolean followed(int f) {
        return followed.get(f);
    }
}
