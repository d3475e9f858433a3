package dirdump.testdata;

import java.util.SplittableRandom;

/**
 * --age: what a long-lived data set goes through after it was written, drawn from the seed with the rest
 * of the tree. In one shuffled sequence: a quarter of the files deleted, a quarter appended to (1,000 to
 * 12,000 bytes), 15 % rewritten (removed and written again under the same name, as most programs save, a
 * new size drawn as the set's are) and a third as many new files written ({@code n0000}, ..., each in a
 * directory drawn from all). Each file is drawn for at most one of the three. What comes later lands in
 * the holes that deletions left and beyond, so that name, inode and block order part as they do on a
 * file system that has aged (issue 30).
 */
final class Aging {
    enum Kind { DELETE, APPEND, REWRITE, NEW }

    static final double DELETED = 0.25;
    static final double APPENDED = 0.25;
    static final double REWRITTEN = 0.15;
    static final int NEW_PER_FILES = 3;
    static final int MIN_APPEND = 1_000;
    static final int MAX_APPEND = 12_000;
    /** The steps are done in this many turns, the set synced to disk before each. */
    static final int TURNS = 16;

    /** Per step, in the order they are done. */
    final Kind[] kind;
    /** The set's file (DELETE, APPEND, REWRITE) or the new one (NEW: its number among the new files). */
    final int[] file;
    /** The bytes appended (APPEND), or the file's new size (REWRITE, NEW); 0 for DELETE. */
    final int[] size;
    final long[] contentSeed;
    /** Per new file: its directory. */
    final int[] newDir;
    private final int newDigits;

    private Aging(int steps, int added) {
        kind = new Kind[steps];
        file = new int[steps];
        size = new int[steps];
        contentSeed = new long[steps];
        newDir = new int[added];
        newDigits = Math.max(1, Integer.toString(Math.max(0, added - 1)).length());
    }

    /** The steps for {@code layout}, from their own stream of the seed. */
    static Aging plan(Layout layout, SizeModel sizes, SplittableRandom random) {
        Kind[] drawn = new Kind[layout.files];
        int touched = 0;
        for (int f = 0; f < layout.files; f++) {
            double x = random.nextDouble();
            drawn[f] = x < DELETED ? Kind.DELETE : x < DELETED + APPENDED ? Kind.APPEND
                    : x < DELETED + APPENDED + REWRITTEN ? Kind.REWRITE : null;
            touched += drawn[f] != null ? 1 : 0;
        }
        int added = layout.files / NEW_PER_FILES;
        Aging aging = new Aging(touched + added, added);
        int step = 0;
        for (int f = 0; f < layout.files; f++) {
            if (drawn[f] != null) {
                aging.set(step++, drawn[f], f, random, sizes);
            }
        }
        for (int n = 0; n < added; n++) {
            aging.newDir[n] = random.nextInt(layout.dirs);
            aging.set(step++, Kind.NEW, n, random, sizes);
        }
        aging.shuffle(random);
        return aging;
    }

    int steps() {
        return kind.length;
    }

    String newName(int n) {
        return Layout.numbered('n', n, newDigits);
    }

    int count(Kind k) {
        int c = 0;
        for (Kind each : kind) {
            c += each == k ? 1 : 0;
        }
        return c;
    }

    private void set(int step, Kind k, int f, SplittableRandom random, SizeModel sizes) {
        kind[step] = k;
        file[step] = f;
        size[step] = switch (k) {
            case DELETE -> 0;
            case APPEND -> MIN_APPEND + random.nextInt(MAX_APPEND - MIN_APPEND + 1);
            case REWRITE, NEW -> sizes.sample(random);
        };
        contentSeed[step] = random.nextLong();
    }

    /** Fisher-Yates over the steps, drawn from the seed: deletions, appends and new files interleave. */
    private void shuffle(SplittableRandom random) {
        for (int i = kind.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            Kind k = kind[i];
            kind[i] = kind[j];
            kind[j] = k;
            int t = file[i];
            file[i] = file[j];
            file[j] = t;
            t = size[i];
            size[i] = size[j];
            size[j] = t;
            long s = contentSeed[i];
            contentSeed[i] = contentSeed[j];
            contentSeed[j] = s;
        }
    }
}
