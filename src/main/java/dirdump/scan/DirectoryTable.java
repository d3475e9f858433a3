package dirdump.scan;

import java.util.Arrays;

/**
 * Every directory listed, as a parent index and a name, so that a path is built on demand instead of
 * being kept per file. A PATH given on the command line is a root: no parent, its name as given.
 */
public final class DirectoryTable {
    private int size;
    private int[] parent = new int[64];
    private byte[][] name = new byte[64][];
    private long[] dev = new long[64];
    private long[] ino = new long[64];
    private int[] depth = new int[64];

    public int add(int parentIndex, byte[] dirName, long device, long inode) {
        if (size == parent.length) {
            int n = size * 2;
            parent = Arrays.copyOf(parent, n);
            name = Arrays.copyOf(name, n);
            dev = Arrays.copyOf(dev, n);
            ino = Arrays.copyOf(ino, n);
            depth = Arrays.copyOf(depth, n);
        }
        parent[size] = parentIndex;
        name[size] = dirName;
        dev[size] = device;
        ino[size] = inode;
        depth[size] = parentIndex < 0 ? 0 : depth[parentIndex] + 1;
        return size++;
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
