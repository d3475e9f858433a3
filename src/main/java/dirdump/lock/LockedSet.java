package dirdump.lock;

import dirdump.outcome.PathText;
import dirdump.outcome.Reporter;
import dirdump.outcome.Tally;
import dirdump.sys.FileMapping;
import dirdump.sys.SysException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * The files of a set, mapped (by {@link LockPass#map}) and then locked, until closed: closing unmaps
 * them, which unlocks their pages. What was left out (--max-locked) is counted, not mapped.
 */
public final class LockedSet implements AutoCloseable {
    private final List<MappedFile> files = new ArrayList<>();
    private long mappedBytes;
    private long emptyFiles;
    private long leftOutFiles;
    private long leftOutBytes;
    private long lockedFiles;
    private long lockedBytes;
    /** The mappings the set takes: those made, and those of the files counted beyond vm.max_map_count. */
    private long mappings;

    /** Empty, as {@link LockPass#map} starts it, or for a set refused before anything is mapped. */
    public LockedSet() {
    }

    void add(MappedFile f) {
        files.add(f);
        mappedBytes += f.bytes();
        mappings += f.parts().length;
    }

    /** A file that would take {@code parts} mappings more than vm.max_map_count leaves: counted, not mapped. */
    void addUnmapped(int parts) {
        mappings += parts;
    }

    void addEmpty() {
        emptyFiles++;
    }

    void leaveOut(long bytes) {
        leftOutFiles++;
        leftOutBytes += bytes;
    }

    /** What locking every mapped file takes, in bytes (whole pages, holes left out). */
    public long mappedBytes() {
        return mappedBytes;
    }

    /** The mappings the set takes: one for each range of a file's data. */
    public long mappings() {
        return mappings;
    }

    /**
     * Locks the files in the order they were mapped. First every range is advised (MADV_WILLNEED), so
     * that the device has the whole set to read, in this order, with many reads in flight; then each
     * file's ranges are locked and their pages brought in ({@link FileMapping#lock}: mlock2 ONFAULT, then
     * MADV_POPULATE_READ, whose error for a page that cannot be read ends the file's lock, where plain
     * mlock would retry that page in the kernel without end). A file that cannot be locked is reported,
     * counted as an error and unmapped; the others stay locked. {@code stop}: ends it early (a signal).
     *
     * <p>Not a touch of each page from Java: a page that cannot be read, or is past the end of a file
     * cut short since it was mapped, would be a SIGBUS there, and an errno here.
     */
    public void lock(Reporter reporter, Tally tally, BooleanSupplier stop) {
        for (MappedFile f : files) {
            for (int i = 0; i < f.parts().length && !stop.getAsBoolean(); i++) {
                try {
                    f.parts()[i].willNeed(0, f.parts()[i].length());
                } catch (SysException e) {
                    break;  // only advice: locking reads what it did not bring in
                }
            }
        }
        lockedFiles = emptyFiles;  // nothing to lock in them
        List<MappedFile> failed = new ArrayList<>();
        for (MappedFile f : files) {
            if (stop.getAsBoolean()) {
                break;
            }
            try {
                for (FileMapping part : f.parts()) {
                    part.lock(0, part.length());
                }
                lockedFiles++;
                lockedBytes += f.bytes();
                tally.addRead(f.bytes());
                if (reporter.verbose()) {
                    reporter.line(PathText.of(f.path()) + " (" + f.bytes() + " bytes locked)");
                }
            } catch (SysException e) {
                reporter.error(f.path(), "not locked: " + e.getMessage());
                tally.addError();
                failed.add(f);
            }
        }
        failed.forEach(LockedSet::unmap);
        files.removeAll(failed);
    }

    /** Files locked, empty files included (they have nothing to lock); none of a set never locked. */
    public long lockedFiles() {
        return lockedFiles;
    }

    public long lockedBytes() {
        return lockedBytes;
    }

    public long leftOutFiles() {
        return leftOutFiles;
    }

    /**
     * What the files left out would take locked, in the unit of {@link #mappedBytes} (their data in
     * whole pages): what is locked and this add up to what the whole set needs.
     */
    public long leftOutBytes() {
        return leftOutBytes;
    }

    /**
     * The files locked, handed over to follow mode ({@link FollowedLocks}), which unmaps them as they
     * go: this set holds none of them any more, and its counts stay those of the lock.
     */
    List<MappedFile> handOver() {
        List<MappedFile> taken = new ArrayList<>(files);
        files.clear();
        return taken;
    }

    /** Unmaps every file: their pages are unlocked, and stay in the page cache as any other. */
    @Override
    public void close() {
        files.forEach(LockedSet::unmap);
        files.clear();
    }

    private static void unmap(MappedFile f) {
        for (FileMapping part : f.parts()) {
            part.close();
        }
    }
}
