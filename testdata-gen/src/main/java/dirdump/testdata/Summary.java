package dirdump.testdata;

import dirdump.outcome.Units;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.Locale;

/** The closing lines on stderr: what was written and how fast, and the sizes actually drawn. */
final class Summary {
    private Summary() {
    }

    /** {@code fragmenting}: a line on how the writes were interleaved, or null for a plain run. */
    static void print(PrintStream err, Layout layout, SizeModel model, long seed, String fragmenting, double seconds) {
        long bytes = layout.totalBytes();
        err.printf(Locale.ROOT, "testdata-gen: wrote %s in %s, %s, in %.2f s (seed %d)%n",
                Units.count(layout.files, "file", "files"),
                Units.count(layout.dirs, "directory", "directories"), Units.bytes(bytes), seconds, seed);
        int[] sizes = layout.fileSize.clone();
        Arrays.sort(sizes);
        err.printf(Locale.ROOT, "  sizes %,d B to %,d B: mean %,.0f B, median %,d B (%s)%n",
                sizes[0], sizes[sizes.length - 1], (double) bytes / sizes.length, sizes[sizes.length / 2], model);
        if (fragmenting != null) {
            err.println("  " + fragmenting);
        }
        Aging aging = layout.aging;
        if (aging != null) {
            int deleted = aging.count(Aging.Kind.DELETE);
            int added = aging.count(Aging.Kind.NEW);
            err.printf(Locale.ROOT, "  aged: %,d deleted, %,d appended to, %,d rewritten, %,d new: %s now%n", deleted,
                    aging.count(Aging.Kind.APPEND), aging.count(Aging.Kind.REWRITE), added,
                    Units.count(layout.files - deleted + added, "file", "files"));
        }
    }
}
