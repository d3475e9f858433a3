package dirdump.scan;

import java.util.Arrays;

/**
 * The files to read, in the order they were listed, in parallel primitive arrays: a directory index
 * and a reference to the name (interleaved), the inode, a device number index, whose bytes are packed one after
 * another in large shared chunks (no object per name). About 20 bytes a file plus its name: a million
 * files with 12-byte names take about 34 MB.
 */
public final class FoundFiles extends ParallelArrays {
    private static final int CHUNK_BITS = 20;
    private static final int CHUNK_SIZE = 1 << CHUNK_BITS;

    private static final int FIRST_CAPACITY = 1024;
    private static final int FOLLOWED = 0x8000;

    /**
     * Where file f is, read together for its path: its directory's index at 2f, and at 2f + 1 its
     * name's, chunk index << CHUNK_BITS | offset of a 2-byte length followed by the name's bytes.
     */
    // The columns are volatile: while the walk goes on, readers read the rows it has handed them (see
    // Walker#watch), and a column grown since must be seen with the rows copied into it.
    private volatile int[] where = new int[2 * FIRST_CAPACITY];
    private volatile long[] ino = new long[FIRST_CAPACITY];
    /**
     * The device's index into {@code devices}; its sign bit set for a file that was a symbolic link when
     * listed, which the user asked to follow (-L, or a PATH): only these are opened through a link; every
     * other is opened with O_NOFOLLOW.
     */
    private volatile short[] device = new short[FIRST_CAPACITY];
    private volatile byte[][] chunks = {new byte[CHUNK_SIZE]};
    private int chunkFill;
    private volatile long[] devices = new long[4];
    private int deviceCount;

    public FoundFiles() {
        super(FIRST_CAPACITY);
    }

    /** {@code throughLink}: the name was a symbolic link, followed to {@code dev}, {@code inode}. */
    public void add(int dirIndex, byte[] fileName, long dev, long inode, boolean throughLink) {
        short deviceIndex = deviceIndex(dev);
        int ref = store(fileName);  // before the row is taken: a name it refuses adds no file
        int f = newRow();
        where[2 * f] = dirIndex;
        where[2 * f + 1] = ref;
        ino[f] = inode;
        device[f] = throughLink ? (short) (deviceIndex | FOLLOWED) : deviceIndex;
    }

    @Override
    void resize(int length) {
        where = Arrays.copyOf(where, 2 * length);
        ino = Arrays.copyOf(ino, length);
        device = Arrays.copyOf(device, length);
    }

    public int dir(int f) {
        return where[2 * f];
    }

    public long dev(int f) {
        return devices[device[f] & 0x7fff];  // the sign bit is FOLLOWED
    }

    public long ino(int f) {
        return ino[f];
    }

    public boolean followed(int f) {
        return device[f] < 0;
    }

    /** A copy of the file's name (relative to its directory). */
    public byte[] name(int f) {
        byte[] chunk = chunks[nameRef(f) >>> CHUNK_BITS];
        int at = nameRef(f) & (CHUNK_SIZE - 1);
        int length = length(chunk, at);
        return Arrays.copyOfRange(chunk, at + 2, at + 2 + length);
    }

    /**
     * The file's name NUL-terminated, in {@code buffer} if it has room, else in a new array: what a pass
     * opens each file by (Os#openTerminated), with no copy of its own per file.
     */
    public byte[] terminatedName(int f, byte[] buffer) {
        byte[] chunk = chunks[nameRef(f) >>> CHUNK_BITS];
        int at = nameRef(f) & (CHUNK_SIZE - 1);
        int length = length(chunk, at);
        byte[] into = buffer.length > length ? buffer : new byte[length + 1];
        System.arraycopy(chunk, at + 2, into, 0, length);
        into[length] = 0;
        return into;
    }

    /** Compares two names as unsigned bytes, without copying them. */
    public int compareNames(int a, int b) {
        byte[] ca = chunks[nameRef(a) >>> CHUNK_BITS];
        byte[] cb = chunks[nameRef(b) >>> CHUNK_BITS];
        int at = nameRef(a) & (CHUNK_SIZE - 1);
        int bt = nameRef(b) & (CHUNK_SIZE - 1);
        return Arrays.compareUnsigned(ca, at + 2, at + 2 + length(ca, at), cb, bt + 2, bt + 2 + length(cb, bt));
    }

    private int nameRef(int f) {
        return where[2 * f + 1];
    }

    private static int length(byte[] chunk, int at) {
        return ((chunk[at] & 0xff) << 8) | (chunk[at + 1] & 0xff);
    }

    private int store(byte[] name) {
        if (name.length > 0xffff) {
            throw new IllegalArgumentException("name of " + name.length + " bytes");
        }
        if (chunkFill + 2 + name.length > CHUNK_SIZE) {
            byte[][] more = Arrays.copyOf(chunks, chunks.length + 1);
            more[more.length - 1] = new byte[CHUNK_SIZE];
            chunks = more;
            chunkFill = 0;
        }
        int chunk = chunks.length - 1;
        if (chunk >= 1 << (31 - CHUNK_BITS)) {
            throw new IllegalStateException("more than 2 GiB of file names");
        }
        byte[] c = chunks[chunk];
        int at = chunkFill;
        c[at] = (byte) (name.length >>> 8);
        c[at + 1] = (byte) name.length;
        System.arraycopy(name, 0, c, at + 2, name.length);
        chunkFill += 2 + name.length;
        return chunk << CHUNK_BITS | at;
    }

    /** Devices are few: each file keeps a small index into this table. */
    private short deviceIndex(long dev) {
        for (int i = deviceCount - 1; i >= 0; i--) {
            if (devices[i] == dev) {
                return (short) i;
            }
        }
        if (deviceCount == Short.MAX_VALUE) {
            throw new IllegalStateException("more than " + Short.MAX_VALUE + " devices");
        }
        long[] table = deviceCount == devices.length ? Arrays.copyOf(devices, deviceCount * 2) : devices;
        table[deviceCount] = dev;
        devices = table;
        return (short) deviceCount++;
    }
}
