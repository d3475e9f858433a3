package dirdump.scan;

import java.util.Arrays;

/**
 * Every directory listed, as a parent index and a name, so that a path is built on demand instead of
 * being kept per file, with the device and inode its open handle had: what it must be when opened
 * again. A PATH given on the command line is a root: no parent, its name as given. The columns are
 * primitive arrays, those read together interleaved (parent and depth, device and inode).
 */
public final class FoundDirectories extends ParallelArrays {
    /** A root that is the directory of --files-from names, resolved with no symbolic link followed. */
    static final byte LISTED = 1;
    /** Reached through a symbolic link (-L), so opened again through it. */
    static final byte FOLLOWED = 2;

    private static final int FIRST_CAPACITY = 64;

    // Volatile: readers read the directories of the files handed to them while the walk adds more (see
    // FoundFiles).
    private volatile byte[] flags = new byte[FIRST_CAPACITY];
    /** Where directory d is in the tree: its parent's index at 2d, its depth at 2d + 1. */
    private volatile int[] place = new int[2 * FIRST_CAPACITY];
    private volatile byte[][] name = new byte[FIRST_CAPACITY][];
    /** What directory d is: its device at 2d, its inode at 2d + 1 (compared together). */
    private volatile long[] identity = new long[2 * FIRST_CAPACITY];

    FoundDirectories() {
        super(FIRST_CAPACITY);
    }

    int add(int parentIndex, byte[] dirName, long device, long inode, byte how) {
        int d = newRow();
        flags[d] = how;
        place[2 * d] = parentIndex;
        place[2 * d + 1] = parentIndex < 0 ? 0 : depth(parentIndex) + 1;
        name[d] = dirName;
        identity[2 * d] = device;
        identity[2 * d + 1] = inode;
        return d;
    }

    @Override
    void resize(int length) {
        flags = Arrays.copyOf(flags, length);
        place = Arrays.copyOf(place, 2 * length);
        name = Arrays.copyOf(name, length);
        identity = Arrays.copyOf(identity, 2 * length);
    }

    boolean listed(int d) {
        return (flags[d] & LISTED) != 0;
    }

    boolean followed(int d) {
        return (flags[d] & FOLLOWED) != 0;
    }

    public int parent(int d) {
        return place[2 * d];
    }

    public byte[] name(int d) {
        return name[d];
    }

    public long dev(int d) {
        return identity[2 * d];
    }

    public long ino(int d) {
        return identity[2 * d + 1];
    }

    /** 0 for a root, 1 for its subdirectories, and so on. */
    public int depth(int d) {
        return place[2 * d + 1];
    }

    /** The root this directory was reached from. */
    public int root(int d) {
        int r = d;
        while (parent(r) >= 0) {
            r = parent(r);
        }
        return r;
    }

    /** True if {@code d} or one of its ancestors is the directory (device, inode): a loop. */
    public boolean onPath(int d, long device, long inode) {
        for (int a = d; a >= 0; a = parent(a)) {
            if (dev(a) == device && ino(a) == inode) {
                return true;
            }
        }
        return false;
    }

    /** The directory's path: its root's name, then each name below it, joined by '/'. */
    public byte[] path(int d) {
        int[] chain = new int[depth(d) + 1];
        int length = 0;
        for (int a = d, i = chain.length - 1; a >= 0; a = parent(a), i--) {
            chain[i] = a;
            length += name[a].length + 1;
        }
        byte[] path = new byte[length];
        int pos = 0;
        for (int a : chain) {
            if (pos > 0 && path[pos - 1] != '/') {
                path[pos++] = '/';
            }
            System.arraycopy(name[a], 0, path, pos, name[a].length);
            pos += name[a].length;
        }
        return Arrays.copyOf(path, pos);
    }

    /** {@code dirPath} joined with {@code child}; a root of "" (a file given as PATH) adds nothing. */
    public static byte[] join(byte[] dirPath, byte[] child) {
        if (dirPath.length == 0) {
            return child;
        }
        boolean slash = dirPath[dirPath.length - 1] != '/';
        byte[] path = Arrays.copyOf(dirPath, dirPath.length + (slash ? 1 : 0) + child.length);
        if (slash) {
            path[dirPath.length] = '/';
        }
        System.arraycopy(child, 0, path, path.length - child.length, child.length);
        return path;
    }
}
