package dirdump.read;

import dirdump.scan.FoundDirectories;
import dirdump.sys.BlockQueue;
import dirdump.sys.Os;
import java.util.HashSet;
import java.util.Set;

/**
 * The number of readers when -j is not given, by the kind of device under the PATHs (measured: docs/performance.md,
 * "Reads in flight" and "Readers on the emulated disk"). A solid-state or virtual disk serves many
 * requests at once, and only keeps busy when many are queued. A rotating disk serves one at a time, yet
 * many queued reads let the elevator (and NCQ) sweep over the pieces that physical order alone leaves
 * scattered on an aged file system: there 64 readers cost 20 to 60 % less disk time than 8, and on a
 * fresh one at most a few percent more than the best. The two are kept apart as measured on different disks.
 */
public final class DefaultReaders {
    public static final int NON_ROTATING = 64;
    public static final int ROTATING = 64;
    /** Readers enough to keep one big file's chunks in flight (docs/performance.md, "Facts behind the code"). */
    public static final int FOR_ONE_BIG_FILE = 8;

    private DefaultReaders() {
    }

    /** ROTATING if any PATH lies on a rotating disk, else NON_ROTATING. */
    public static int forRoots(FoundDirectories dirs) {
        // Each device once: --files-from makes a root of every directory it names files in.
        Set<Long> seen = new HashSet<>();
        for (int d = 0; d < dirs.size(); d++) {
            if (dirs.parent(d) < 0 && seen.add(dirs.dev(d))) {
                BlockQueue queue = Os.blockDevices().queue(dirs.dev(d));
                if (queue != null && queue.rotational() && !queue.virtual()) {
                    return ROTATING;
                }
            }
        }
        return NON_ROTATING;
    }

    /**
     * At most as many readers as there are descriptors free for their files: each holds one open file
     * at a time, the openers (with --prefetch) one each and every file queued. {@code free}: the limit
     * less the descriptors open now and those the directory handles may still take. At least one.
     */
    public static int withinDescriptors(int readers, int prefetch, long free) {
        final long spare = 8;  // the JVM opens a few of its own as it runs (class files, /proc)
        long forReaders = free - spare - (prefetch > 0 ? prefetch + 2 : 0);
        return (int) Math.max(1, Math.min(readers, forReaders));
    }
}
