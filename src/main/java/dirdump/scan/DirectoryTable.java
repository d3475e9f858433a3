package dirdump.scan;

import java.util.Arrays;

/**
 * Every directory listed, as a parent index and a name, so that a path is built on demand instead of
 * being kept per file, with the device and inode its open handle had: what it must be when opened
 * again. A PATH given on the command line is a root: no parent, its name as given.
 */
public final class DirectoryTable {
    /** A root that is the directory of --files-from names, resolved with no symbolic link followed. */
    static final byte LISTED = 1;
    /** Reached through a symbolic link (-L), so opened again through it. */
    static final byte FOLLOWED = 2;

    private int size;
    private byte[] flags = new byte[64];
    private int[] parent = new int[64];
    private byte[][] name = new byte[64][];
    private long[] dev = new long[64];
    private long[] ino = new long[64];
    private int[] depth = new int[64];

    int add(int parentIndex, byte[] dirName, long device, long inode, byte how) {
        if (size == parent.length) {
            int n = size * 2;
            flags = Arrays.copyOf(flags, n);
            parent = Arrays.copyOf(parent, n);
            name = Arrays.copyOf(name, n);
            dev = Arrays.copyOf(dev, n);
            ino = Arrays.copyOf(ino, n);
            depth = Arrays.copyOf(depth, n);
        }
        flags[size] = how;
        parent[size] = parentIndex;
        name[size] = dirName;
        dev[size] = device;
        ino[size] = inode;
        depth[size] = parentIndex < 0 ? 0 : depth[parentIndex] + 1;
        return size++;
    }

    boolean listed(int d) {
        return (flags[d] & LISTED) != 0;
    }

    boolean followed(int d) {
        return (flags[d] & FOLLOWED) != 0;
    }

    public int size() {
        return size;
    }

    public int parent(int d) {
        return parent[d];
    }

    public byte[] name(int d) {
        return name[d];
    }

    public long dev(int d) {
        return dev[d];
    }

    public long ino(int d) {
        return ino[d];
    }

    /** 0 for a root, 1 for its subdirectories, and so on. */
    public int depth(int d) {
        return depth[d];
    }

    /** The root this directory was reached from. */
    public int root(int d) {
        int r = d;
        while (parent[r] >= 0) {
            r = parent[r];
        }
        return r;
    }

    /** True if {@code d} or one of its ancestors is the directory (device, inode): a loop. */
    public boolean onPath(int d, long device, long inode) {
        for (int a = d; a >= 0; a = parent[a]) {
            if (dev[a] == device && ino[a] == inode) {
                return true;
            }
        }
        return false;
    }

    /** The directory's path: its root's name, then each name below it, joined by '/'. */
    public byte[] path(int d) {
        int[] chain = new int[depth[d] + 1];
        int length = 0;
        for (int a = d, i = chain.length - 1; a >= 0; a = parent[a], i--) {
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
