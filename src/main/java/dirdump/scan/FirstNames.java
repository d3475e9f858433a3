package dirdump.scan;

import java.util.Arrays;

/**
 * The first listed name of each file, found as the walk lists them: what {@link UniqueFiles} finds by
 * sorting after the walk, for a read that starts before the walk ends. An open-addressing set of file
 * indices hashed by (device, inode), which the files' table holds: 4 bytes a slot, no object a file.
 * Used by the walking thread only.
 */
public final class FirstNames {
    private static final int EMPTY = -1;

    private final FoundFiles files;
    private int[] slots = filled(1 << 12);
    private int size;

    public FirstNames(WalkResult walk) {
        this.files = walk.files;
    }

    /** True if listed file {@code f} is the first name of its (device, inode) met; it is remembered. */
    public boolean first(int f) {
        if (2 * (size + 1) > slots.length) {
            grow();
        }
        long dev = files.dev(f);
        long ino = files.ino(f);
        int mask = slots.length - 1;
        for (int i = hash(dev, ino) & mask; ; i = (i + 1) & mask) {
            int g = slots[i];
            if (g == EMPTY) {
                slots[i] = f;
                size++;
                return true;
            }
            if (files.ino(g) == ino && files.dev(g) == dev) {
                return false;
            }
        }
    }

    private void grow() {
        int[] old = slots;
        slots = filled(old.length * 2);
        int mask = slots.length - 1;
        for (int g : old) {
            if (g != EMPTY) {
                int i = hash(files.dev(g), files.ino(g)) & mask;
                while (slots[i] != EMPTY) {
                    i = (i + 1) & mask;
                }
                slots[i] = g;
            }
        }
    }

    private static int hash(long dev, long ino) {
        long h = (ino ^ dev * 0x9E3779B97F4A7C15L) * 0xC2B2AE3D27D4EB4FL;
        return (int) (h ^ h >>> 32);
    }

    private static int[] filled(int length) {
        int[] a = new int[length];
        Arrays.fill(a, EMPTY);
        return a;
    }
}
