package dirdump.order;

import dirdump.outcome.Reporter;
import dirdump.scan.FileOpener;
import dirdump.scan.Opened;
import dirdump.scan.WalkResult;
import dirdump.sys.Extent;
import dirdump.sys.OpenFile;
import dirdump.sys.Os;
import dirdump.sys.SysException;
import java.util.function.BooleanSupplier;

/**
 * Finds the first physical byte of each file, one device at a time, opening the files in inode order
 * so that its own inode reads are sequential too.
 *
 * <p>FIEMAP first (no root needed); on a file system that refuses it, FIBMAP (root only). Which one
 * works is a property of the file system, so the first file decides for the whole device; where both
 * are refused the device is given up after that one file. A file that cannot be opened or changed
 * since it was listed is left unlocated without a message: the read reports it.
 */
final class Locator {
    private static final int NOT_ON_DISK_YET = Extent.UNKNOWN | Extent.DELALLOC | Extent.DATA_INLINE;

    private final OrderSettings settings;
    private final Reporter reporter;
    private final FileOpener opener;
    /** A signal: locating a device stops at the file in hand, its files after it left unlocated. */
    private final BooleanSupplier stopped;
    /** What is known: the locations given, then a copy of them with what this locator found. */
    private Locations locations;
    private boolean copied;
    private long nanos;

    /** How one device's locating goes: the method in use, whether it has worked there yet, and what it found. */
    private static final class DeviceAttempt {
        LocateMethod method;
        boolean worked;
        String refusals;
        int blockSize;
        int located;
        int elsewhere;

        DeviceAttempt(LocateMethod asked) {
            method = asked == LocateMethod.FIBMAP ? LocateMethod.FIBMAP : LocateMethod.FIEMAP;
        }
    }

    /** {@code known}: the files located already; never written to (what is found goes to a copy). */
    Locator(Os os, WalkResult walk, OrderSettings settings, Reporter reporter, Locations known, BooleanSupplier stopped) {
        this.stopped = stopped;
        this.settings = settings;
        this.reporter = reporter;
        this.opener = new FileOpener(os, walk, reporter, FileOpener.Use.LOCATE);
        this.locations = known;
    }

    /** The locations given, with those found since. */
    Locations locations() {
        return locations;
    }

    /** Time spent locating. */
    long nanos() {
        return nanos;
    }

    /** Locates the files byInode[from, to), one device's, in that (inode) order, until a signal. */
    LocateOutcome locate(int[] byInode, int from, int to) {
        long start = System.nanoTime();
        DeviceAttempt attempt = new DeviceAttempt(settings.locate());
        String refused = null;
        for (int i = from; i < to && refused == null && !stopped.getAsBoolean(); i++) {
            refused = locateFile(byInode[i], attempt);
        }
        nanos += System.nanoTime() - start;
        return refused != null ? LocateOutcome.refused(refused) : LocateOutcome.located(attempt.method, attempt.located,
                attempt.elsewhere);
    }

    /** Returns why the file system refuses to be located, or null to go on. */
    private String locateFile(int f, DeviceAttempt attempt) {
        // Only the listed regular file: an ioctl number means something else to a device driver.
        Opened o = opener.openQuietly(f);
        if (o == null) {
            return null;  // the read will say why
        }
        try (OpenFile file = o.file()) {
            return locateOpen(file, o.stat().size, f, o.path(), attempt);
        }
    }

    private String locateOpen(OpenFile file, long size, int f, byte[] path, DeviceAttempt attempt) {
        if (attempt.method == LocateMethod.FIEMAP) {
            try {
                Extent e = file.firstExtent(settings.syncExtents());
                attempt.worked = true;
                // No extent (empty, inline) or not written yet: the file keeps its inode position.
                if (e != null && !e.has(NOT_ON_DISK_YET)) {
                    set(f, e.physical(), e.physical() + e.length(), attempt);
                    attempt.elsewhere += e.elsewhere() ? 1 : 0;
                }
                return null;
            } catch (SysException e) {
                if (attempt.worked || !refusal(e)) {
                    return unlocated(path, "FIEMAP", e);
                }
                attempt.refusals = "FIEMAP: " + e.getMessage();
                if (settings.locate() != LocateMethod.AUTO) {
                    return attempt.refusals;
                }
                attempt.method = LocateMethod.FIBMAP;
            }
        }
        try {
            long first = file.fibmapFirstByte();
            if (attempt.blockSize == 0) {
                attempt.blockSize = file.blockSize();
            }
            attempt.worked = true;
            if (first >= 0) {
                // FIBMAP sees one block: the extent is taken as the whole file, as small files nearly always are.
                long blocks = (size + attempt.blockSize - 1) / attempt.blockSize;
                set(f, first, first + Math.max(blocks, 1) * attempt.blockSize, attempt);
            }
            return null;
        } catch (SysException e) {
            if (attempt.worked || !refusal(e)) {
                return unlocated(path, "FIBMAP", e);
            }
            String why = e.isNotPermitted() ? " (needs root: CAP_SYS_RAWIO)" : "";
            return (attempt.refusals == null ? "" : attempt.refusals + "; ") + "FIBMAP: " + e.getMessage() + why;
        }
    }

    private void set(int f, long start, long end, DeviceAttempt attempt) {
        if (!copied) {
            locations = locations.copy();
            copied = true;
        }
        locations.set(f, start, end);
        attempt.located++;
    }

    private String unlocated(byte[] path, String call, SysException e) {
        reporter.notice(path, "cannot locate (" + call + ": " + e.getMessage() + "); kept in inode order");
        return null;
    }

    /** FIEMAP/FIBMAP not implemented by the file system, the flags refused, no native library, or not root. */
    private static boolean refusal(SysException e) {
        return e.isUnsupported() || e.isNotPermitted();
    }
}
