package dirdump.testdata;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The whole tree, drawn from the seed before anything is written: the directories, and for every file
 * its directory, size, content seed and turn in the creation order. Files are numbered in name order
 * (f00000, f00001, ...); directory 0 is OUT itself, the others are d0001, d0002, ...
 */
final class Layout {
    final int files;
    final int dirs;
    /** Per directory: its parent (-1 for OUT). */
    final int[] parent;
    /** Per file. */
    final int[] fileDir;
    final int[] fileSize;
    final long[] contentSeed;
    /** File numbers in the order they are created: shuffled, so that it is neither name nor directory order. */
    final int[] creationOrder;
    /** With --age, what happens to the set after it is written; else null. */
    final Aging aging;
    private final int fileDigits;
    private final int dirDigits;

    private Layout(int files, int dirs, SizeModel sizes, boolean age, SplittableRandom ageRandom) {
        this.files = files;
        this.dirs = dirs;
        this.parent = new int[dirs];
        this.fileDir = new int[files];
        this.fileSize = new int[files];
        this.contentSeed = new long[files];
        this.creationOrder = new int[files];
        this.fileDigits = digits(files - 1);
        this.dirDigits = digits(dirs - 1);
        this.aging = age ? Aging.plan(this, sizes, ageRandom) : null;
    }

    /**
     * {@code dirs} directories, OUT counted, the deepest {@code depth} levels below OUT. Each part is
     * drawn from its own stream of the seed, so that the sizes, say, do not change with the directories.
     */
    static Layout plan(int files, int dirs, int depth, SizeModel sizes, long seed) {
        return plan(files, dirs, depth, sizes, seed, false);
    }

    /** With {@code age}: and the {@link Aging} steps, from a stream of their own, the tree's as without it. */
    static Layout plan(int files, int dirs, int depth, SizeModel sizes, long seed, boolean age) {
        check(files >= 1, "--files must be at least 1");
        check(dirs >= 1, "--dirs must be at least 1 (OUT counts as one)");
        check(depth >= 0, "--depth must be at least 0");
        check(depth > 0 || dirs == 1, "--depth 0 puts every file in OUT: it needs --dirs 1");
        check(dirs > depth, "--depth " + depth + " needs at least " + (depth + 1)
                + " directories (--dirs, OUT counted)");
        SplittableRandom master = new SplittableRandom(seed);
        SplittableRandom treeRandom = master.split();
        SplittableRandom placeRandom = master.split();
        SplittableRandom sizeRandom = master.split();
        SplittableRandom contentRandom = master.split();
        SplittableRandom orderRandom = master.split();
        SplittableRandom ageRandom = master.split();

        Layout layout = new Layout(files, dirs, sizes, age, ageRandom);
        layout.growTree(depth, treeRandom);
        for (int f = 0; f < files; f++) {
            layout.fileDir[f] = placeRandom.nextInt(dirs);
            layout.fileSize[f] = sizes.sample(sizeRandom);
            layout.contentSeed[f] = contentRandom.nextLong();
            layout.creationOrder[f] = f;
        }
        shuffle(layout.creationOrder, orderRandom);
        return layout;
    }

    /**
     * Each new directory goes under a directory drawn from those less than {@code depth} deep, so older
     * directories collect more children, as in a tree that grew over time. The first {@code depth} form
     * one chain, so that the depth asked for is reached.
     */
    private void growTree(int depth, SplittableRandom random) {
        int[] level = new int[dirs];
        int[] canHaveChildren = new int[dirs];
        int candidates = 0;
        parent[0] = -1;
        if (depth > 0) {
            canHaveChildren[candidates++] = 0;
        }
        for (int d = 1; d < dirs; d++) {
            int p = d <= depth ? d - 1 : canHaveChildren[random.nextInt(candidates)];
            parent[d] = p;
            level[d] = level[p] + 1;
            if (level[d] < depth) {
                canHaveChildren[candidates++] = d;
            }
        }
    }

    String fileName(int f) {
        return numbered('f', f, fileDigits);
    }

    String dirName(int d) {
        return numbered('d', d, dirDigits);
    }

    /** The names this tree creates directly in OUT, to check for clashes with what is there already. */
    Set<String> topLevelNames() {
        Set<String> names = new HashSet<>();
        for (int d = 1; d < dirs; d++) {
            if (parent[d] == 0) {
                names.add(dirName(d));
            }
        }
        for (int f = 0; f < files; f++) {
            if (fileDir[f] == 0) {
                names.add(fileName(f));
            }
        }
        for (int n = 0; aging != null && n < aging.newDir.length; n++) {
            if (aging.newDir[n] == 0) {
                names.add(aging.newName(n));
            }
        }
        return names;
    }

    long totalBytes() {
        long sum = 0;
        for (int size : fileSize) {
            sum += size;
        }
        return sum;
    }

    private static void check(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }

    /** Fisher-Yates, drawn from the seed. */
    private static void shuffle(int[] a, SplittableRandom random) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    /** The prefix and the number with leading zeros to {@code digits} digits, so names sort as numbers do. */
    static String numbered(char prefix, int n, int digits) {
        char[] name = new char[digits + 1];
        name[0] = prefix;
        for (int i = digits; i > 0; i--, n /= 10) {
            name[i] = (char) ('0' + n % 10);
        }
        return new String(name);
    }

    private static int digits(int n) {
        return Math.max(1, Integer.toString(n).length());
    }
}
