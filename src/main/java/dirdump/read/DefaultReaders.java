package dirdump.read;

import dirdump.order.DeviceOrder;
import dirdump.order.DeviceProbe;
import dirdump.order.LocateOutcome;
import dirdump.order.Rotation;
import dirdump.scan.FoundDirectories;
import dirdump.sys.BlockQueue;
import dirdump.sys.Os;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The number of readers, and the reads each keeps in flight, when -j is not given, by the kind of device under the PATHs and, on a rotating
 * disk, by what locating the files found (measured: docs/performance.md, "Reads in flight" and "Readers
 * on the emulated disk"). A solid-state or virtual disk serves many requests at once, and only keeps
 * busy when many are queued: there a few readers keep many files' reads in flight in rings, whose one
 * submission tells the (virtual) disk once of many requests, where 64 readers of one read each told it
 * of each ("Reads in a ring"). A rotating disk serves one at a time: where physical order reads every
 * file in one sweep (a fresh file system), one reader costs the least disk time, the drive reading
 * ahead the next file while the reader turns round; where files lie in pieces (an aged one), many
 * queued reads let the elevator (and NCQ) sweep over the pieces that physical order leaves scattered.
 */
public final class DefaultReaders {
    /** On a solid-state or virtual disk: readers, each with RING_DEPTH reads in flight in its ring. */
    public static final int NON_ROTATING = 2;
    /** Reads in flight in each reader's ring on a solid-state or virtual disk (docs/performance.md, "Reads in a ring"). */
    public static final int RING_DEPTH = 64;
    /** The most reads in flight a ring takes (--depth): io_uring's entries are a power of 2, 4096 at most here. */
    public static final int MAX_DEPTH = 4096;
    /** On a solid-state or virtual disk where the kernel refuses a ring: one read in flight each. */
    public static final int ONE_READ_EACH = 64;
    /** On a rotating disk whose files lie in pieces, or are not located. */
    public static final int ROTATING = 64;
    /** On a rotating disk whose files physical order reads in one sweep. */
    public static final int ONE_SWEEP = 1;
    /** Files in more than one place, in percent of those located, up to which a rotating disk's are in one sweep. */
    static final int SWEEP_PERCENT = 1;
    /** Readers enough to keep one big file's chunks in flight (docs/performance.md, "Facts behind the code"). */
    public static final int FOR_ONE_BIG_FILE = 8;

    /**
     * The readers, the reads in flight in each one's ring (0: one read at a time), and why, for the
     * summary; the reason is null off a rotating disk.
     */
    public record Choice(int readers, int depth, String reason) {
        /** On disks that do not rotate. */
        public static final Choice NOT_ROTATING = new Choice(NON_ROTATING, RING_DEPTH, null);

        /** The readers where no ring is used (refused, or a read that cannot use one): one read in flight each. */
        public Choice withoutRing() {
            return depth == 0 ? this : new Choice(ONE_READ_EACH, 0, reason);
        }
    }

    private DefaultReaders() {
    }

    /**
     * NON_ROTATING where no PATH lies on a rotating disk; else ONE_SWEEP where every device with files
     * rotates and was located by FIEMAP with at most SWEEP_PERCENT of its files in more than one place,
     * and ROTATING otherwise.
     */
    public static Choice forRun(FoundDirectories dirs, List<DeviceOrder> devices) {
        if (!anyRootRotates(dirs)) {
            return Choice.NOT_ROTATING;
        }
        DeviceProbe probe = new DeviceProbe();
        long located = 0;
        long elsewhere = 0;
        for (DeviceOrder d : devices) {
            LocateOutcome l = d.located();
            if (d.files() == 0) {
                continue;
            }
            if (probe.rotation(d.dev()) != Rotation.ROTATING) {
                return new Choice(ROTATING, 0, "rotating disk, and a disk that is not");
            }
            if (l == null || l.elsewhere() < 0) {
                return new Choice(ROTATING, 0, "rotating disk, files not located by FIEMAP: whether they lie in "
                        + "pieces is not known");
            }
            located += l.files();
            elsewhere += l.elsewhere();
        }
        return choose(located, elsewhere);
    }

    private static boolean anyRootRotates(FoundDirectories dirs) {
        // Each device once: --files-from makes a root of every directory it names files in.
        Set<Long> seen = new HashSet<>();
        for (int d = 0; d < dirs.size(); d++) {
            if (dirs.parent(d) < 0 && seen.add(dirs.dev(d))) {
                BlockQueue queue = Os.blockDevices().queue(dirs.dev(d));
                if (queue != null && queue.rotational() && !queue.virtual()) {
                    return true;
                }
            }
        }
        return false;
    }

    /** On rotating disks alone, of whose files {@code located} were located, {@code elsewhere} of them in pieces. */
    static Choice choose(long located, long elsewhere) {
        String pieces = String.format(Locale.ROOT, "%,d of %,d located lie in more than one place", elsewhere, located);
        return elsewhere * 100 <= located * SWEEP_PERCENT
                ? new Choice(ONE_SWEEP, 0, "rotating disk, its files in one sweep: " + pieces
                        + "; one reader lets the disk read ahead the next file")
                : new Choice(ROTATING, 0, "rotating disk, its files in pieces: " + pieces
                        + "; many reads queued let the elevator sweep over the pieces");
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
