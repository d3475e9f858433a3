package dirdump.order;

import dirdump.outcome.Reporter;
import dirdump.scan.FileOpener;
import dirdump.scan.Listing;
import dirdump.scan.Opened;
import dirdump.sys.Extent;
import dirdump.sys.OpenFile;
import dirdump.sys.Os;
import dirdump.sys.SysException;

/**
 * Finds the first physical byte of each file, one device at a time, opening the files in inode order
 * so that the pass's own inode reads are sequential too.
 *
 * <p>FIEMAP first (no root needed); on a file system that refuses it, FIBMAP (root only). Which one
 * works is a property of the file system, so the first file decides for the whole device; where both
 * are refused the device is given up after that one file. A file that cannot be opened or changed
 * since it was listed is left unlocated without a message: the read reports it.
 */
final class Locator {
    private static final int NOT_ON_DISK_YET = Extent.UNKNOWN | Extent.DELALLOC | Extent.DATA_INLINE;

    private final Listing listing;
    private final OrderSettings settings;
    private final Reporter reporter;
    private final FileOpener opener;
    /** Made on first use: runs that locate nothing do not pay 16 bytes a file. */
    private Locations locations;
    private long nanos;

    /** One device's pass: the method in use, whether it has worked here yet, and what it found. */
    private static final class Pass {
        LocateMethod method;
        boolean worked;
        String refusals;
        int blockSize;
        int located;

        Pass(LocateMethod asked) {
            method = asked == LocateMethod.FIBMAP ? LocateMethod.FIBMAP : LocateMethod.FIEMAP;
        }
    }

    Locator(Os os, Listing listing, OrderSettings settings, Reporter reporter) {
        this.listing = listing;
        this.settings = settings;
        this.reporter = reporter;
        this.opener = new FileOpener(os, listing, reporter, "not located");
    }

    Locations locations() {
        if (locations == null) {
            locations = new Locations(listing.files.size());
        }
        return locations;
    }

    long nanos() {
        return nanos;
    }

    /** Locates the files byInode[device.from, device.to), once; the outcome is recorded in device. */
    void locate(DeviceOrder device, int[] byInode) {
        if (device.locateTried()) {
            return;
        }
        long start = System.nanoTime();
        Pass pass = new Pass(settings.locate());
        String refused = null;
        for (int i = device.from; i < device.to && refused == null; i++) {
            refused = locateFile(byInode[i], pass);
        }
        if (refused != null) {
            device.locateRefused(refused);
        } else {
            device.located(pass.method, pass.located);
        }
        nanos += System.nanoTime() - start;
    }

    /** Returns why the file system refuses to be located, or null to go on. */
    private String locateFile(int f, Pass pass) {
        // Only the listed regular file: an ioctl number means something else to a device driver.
        Opened o = opener.openQuietly(f);
        if (o == null) {
            return null;  // the read will say why
        }
        try (OpenFile file = o.file()) {
            return locateOpen(file, o.stat().size, f, o.path(), pass);
        }
    }

    private String locateOpen(OpenFile file, long size, int f, byte[] path, Pass pass) {
        if (pass.method == LocateMethod.FIEMAP) {
            try {
                Extent e = file.firstExtent(settings.syncExtents());
                pass.worked = true;
                // No extent (empty, inline) or not written yet: the file keeps its inode position.
                if (e != null && !e.has(NOT_ON_DISK_YET)) {
                    set(f, e.physical(), e.physical() + e.length(), pass);
                }
                return null;
            } catch (SysException e) {
                if (pass.worked || !refusal(e)) {
                    return unlocated(path, "FIEMAP", e);
                }
                pass.refusals = "FIEMAP: " + e.getMessage();
                if (settings.locate() != LocateMethod.AUTO) {
                    return pass.refusals;
                }
                pass.method = LocateMethod.FIBMAP;
            }
        }
        try {
            long first = file.fibmapFirstByte();
            if (pass.blockSize == 0) {
                pass.blockSize = file.blockSize();
            }
            pass.worked = true;
            if (first >= 0) {
                // FIBMAP sees one block: the extent is taken as the whole file, as small files nearly always are.
                long blocks = (size + pass.blockSize - 1) / pass.blockSize;
                set(f, first, first + Math.max(blocks, 1) * pass.blockSize, pass);
            }
            return null;
        } catch (SysException e) {
            if (pass.worked || !refusal(e)) {
                return unlocated(path, "FIBMAP", e);
            }
            String why = e.isNotPermitted() ? " (needs root: CAP_SYS_RAWIO)" : "";
            return (pass.refusals == null ? "" : pass.refusals + "; ") + "FIBMAP: " + e.getMessage() + why;
        }
    }

    private void set(int f, long start, long end, Pass pass) {
        locations().set(f, start, end);
        pass.located++;
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
