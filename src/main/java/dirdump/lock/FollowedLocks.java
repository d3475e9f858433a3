package dirdump.lock;

import dirdump.outcome.PathText;
import dirdump.outcome.Reporter;
import dirdump.outcome.Units;
import dirdump.scan.FollowedNames;
import dirdump.scan.TreeWatch;
import dirdump.sys.FileMapping;
import dirdump.sys.OpenFile;
import dirdump.sys.Os;
import dirdump.sys.ReadBuffer;
import dirdump.sys.Stat;
import dirdump.sys.SysException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * lock --watch's set: the files of a {@link TreeWatch}ed tree, kept locked while it changes. It takes
 * over what the first lock locked ({@link LockedSet#handOver}); then a new file is locked, one grown or
 * cut short locked again at its new size (the new mapping locked before the old is unmapped, so that no
 * page is let go in between), one replaced (another inode under its name) locked anew and the old one
 * unmapped, and one removed unmapped: its pages unlocked, its memory given back. A file is held by its
 * inode, once whatever its names (hard links), and let go when its last name is gone. --max-locked
 * bounds what is held: a file that would pass it is left out, and said.
 */
public final class FollowedLocks implements TreeWatch.Files, AutoCloseable {
    private static final int READ_BUFFER = 1 << 20;

    private record Id(long dev, long ino) {
    }

    /** A file held: its mapping, and how many names of the tree lead to it. */
    private static final class Held {
        MappedFile file;
        int names;

        Held(MappedFile file) {
            this.file = file;
        }
    }

    private final FollowedNames<Id> names = new FollowedNames<>();
    private final Map<Id, Held> held = new HashMap<>();
    /** The first lock's files, until the first scan finds them by their names; then none. */
    private Map<Id, MappedFile> adopted = new HashMap<>();
    /** The files of file PATHs: not followed, held as they were locked. */
    private final List<MappedFile> unfollowed = new ArrayList<>();
    private final List<byte[]> paths;
    private final long maxLocked;
    private final Reporter reporter;
    private final Supplier<ReadBuffer> buffer;
    private ReadBuffer made;
    private long lockedBytes;
    private long failures;
    private long released;

    /**
     * {@code set}: the first lock, taken over; {@code paths}: the PATHs (a file PATH stays locked, not
     * followed); {@code maxLocked}: 0 for no bound.
     */
    public FollowedLocks(LockedSet set, List<byte[]> paths, long maxLocked, Os os, Reporter reporter) {
        for (MappedFile f : set.handOver()) {
            adopted.put(new Id(f.dev(), f.ino()), f);
        }
        this.paths = paths;
        this.maxLocked = maxLocked;
        this.reporter = reporter;
        this.buffer = () -> made != null ? made : (made = os.allocate(READ_BUFFER));
    }

    @Override
    public void present(int dir, byte[] name, byte[] path, OpenFile file, Stat stat) {
        Id id = new Id(stat.dev, stat.ino);
        Id had = names.get(dir, name);
        if (had != null && !had.equals(id)) {
            release(had, "replaced");
            had = null;
        }
        Held h = held.get(id);
        if (h == null && adopted != null) {
            MappedFile first = adopted.remove(id);
            if (first != null) {
                h = hold(id, first);
            }
        }
        boolean named = had != null;
        if (h == null) {
            MappedFile f = lock(file, stat, path, 0);
            if (f != null) {
                h = hold(id, f);
                named = false;
            }
        } else if (h.file.size() != stat.size) {
            MappedFile f = lock(file, stat, path, h.file.bytes());
            if (f != null) {
                unmap(h.file);  // after the new mapping is locked: no page let go in between
                lockedBytes += f.bytes() - h.file.bytes();
                h.file = f;
            }
        }
        if (h != null && !named) {
            h.names++;
        }
        names.put(dir, name, id);
    }

    private Held hold(Id id, MappedFile f) {
        Held h = new Held(f);
        held.put(id, h);
        lockedBytes += f.bytes();
        return h;
    }

    /** The file locked at its size now; null if it is left out or fails (said). {@code freed}: what it held before. */
    private MappedFile lock(OpenFile file, Stat stat, byte[] path, long freed) {
        try {
            MappedFile f = LockPass.lockOne(file, stat, path,
                    maxLocked == 0 ? 0 : Math.max(1, maxLocked - lockedBytes + freed), buffer);
            if (f == null) {
                reporter.notice(path, "not locked: --max-locked " + Units.bytes(maxLocked) + " is reached");
            } else if (reporter.verbose()) {
                reporter.line(PathText.of(path) + " (" + f.bytes() + " bytes locked)");
            }
            return f;
        } catch (SysException e) {
            failures++;
            reporter.error(path, "not locked: " + e.getMessage());
            return null;
        }
    }

    @Override
    public void absent(int dir, byte[] name) {
        Id id = names.remove(dir, name);
        if (id != null) {
            release(id, "removed");
        }
    }

    @Override
    public void directoryGone(int dir) {
        names.removeDirectory(dir, id -> release(id, "removed"));
    }

    @Override
    public void rescanStarted() {
        names.rescanStarted();
    }

    @Override
    public void rescanEnded() {
        names.rescanEnded(id -> release(id, "removed"));
        if (adopted != null) {
            // Locked first but not found by the first scan: a file PATH (kept), or gone since the walk.
            for (MappedFile f : adopted.values()) {
                if (paths.stream().anyMatch(p -> Arrays.equals(p, f.path()))) {
                    unfollowed.add(f);
                    lockedBytes += f.bytes();
                } else {
                    unmap(f);
                }
            }
            adopted = null;
        }
    }

    /** One name of the file gone: unmapped once it has none left. */
    private void release(Id id, String how) {
        Held h = held.get(id);
        if (h != null && --h.names <= 0) {
            held.remove(id);
            unmap(h.file);
            lockedBytes -= h.file.bytes();
            released++;
            if (reporter.verbose()) {
                reporter.line(PathText.of(h.file.path()) + " (" + how + ": " + h.file.bytes() + " bytes unlocked)");
            }
        }
    }

    private static void unmap(MappedFile f) {
        for (FileMapping part : f.parts()) {
            part.close();
        }
    }

    /** Files held now (file PATHs among them). */
    public long files() {
        return held.size() + unfollowed.size();
    }

    /** Bytes held locked now: what VmLck shows of the set. */
    public long lockedBytes() {
        return lockedBytes;
    }

    /** Files unlocked while following: their last name removed, or replaced by another file. */
    public long released() {
        return released;
    }

    /** Files that could not be locked while following. */
    public long failures() {
        return failures;
    }

    /** Unmaps every file held: their pages are unlocked, and stay cached as any other. */
    @Override
    public void close() {
        held.values().forEach(h -> unmap(h.file));
        held.clear();
        unfollowed.forEach(FollowedLocks::unmap);
        unfollowed.clear();
        if (adopted != null) {
            adopted.values().forEach(FollowedLocks::unmap);
            adopted.clear();
        }
        lockedBytes = 0;
    }
}
