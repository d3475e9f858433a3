package dirdump.read;

import dirdump.outcome.Reporter;
import dirdump.scan.FollowedNames;
import dirdump.scan.TreeWatch;
import dirdump.sys.OpenFile;
import dirdump.sys.Os;
import dirdump.sys.ReadBuffer;
import dirdump.sys.Stat;
import dirdump.sys.SysException;

/**
 * dirdump --watch's files: each new, grown or replaced file of a {@link TreeWatch}ed tree read into
 * the page cache as it changes: of a file grown, what it grew by; of a new or replaced one, all of it;
 * nothing of a file whose pages are cached already (cachestat, where the kernel has it). A removed
 * file is only forgotten: its pages are the page cache's to keep or drop. Each file is read to the size
 * fstat gave when it was opened, no further, as the read does.
 */
public final class FollowedWarm implements TreeWatch.Files {
    private static final int READ_BUFFER = 1 << 20;

    /** What was brought in of a name: its file, and the size it had then. */
    private record Warmed(long dev, long ino, long size) {
    }

    private final FollowedNames<Warmed> names = new FollowedNames<>();
    private final Os os;
    private final Reporter reporter;
    private ReadBuffer buffer;
    private long files;
    private long bytes;
    private long failures;

    public FollowedWarm(Os os, Reporter reporter) {
        this.os = os;
        this.reporter = reporter;
    }

    @Override
    public void present(int dir, byte[] name, byte[] path, OpenFile file, Stat stat) {
        Warmed had = names.get(dir, name);
        boolean same = had != null && stat.sameFile(had.dev(), had.ino());
        if (same && had.size() == stat.size) {
            names.put(dir, name, had);
            return;
        }
        try {
            int page = pageOf(file);
            long from = same && had.size() < stat.size ? had.size() / page * page : 0;
            if (stat.size > from && !cached(file, from, stat.size - from)) {
                long read = read(file, from, stat.size);
                files++;
                bytes += read;
                reporter.read(path, read);
            }
            names.put(dir, name, new Warmed(stat.dev, stat.ino, stat.size));
        } catch (SysException e) {
            failures++;
            names.remove(dir, name);
            reporter.error(path, "not read: " + e.getMessage());
        }
    }

    private static int pageOf(OpenFile file) {
        try {
            return file.pageSize();
        } catch (SysException e) {
            return 4096;  // the java.nio fallback, which follows nothing: never asked
        }
    }

    /** Whether every page of the range is cached; false where that cannot be told. */
    private static boolean cached(OpenFile file, long from, long length) {
        try {
            return file.cachestat(from, length).allResident();
        } catch (SysException e) {
            return false;
        }
    }

    private long read(OpenFile file, long from, long to) throws SysException {
        if (buffer == null) {
            buffer = os.allocate(READ_BUFFER);
        }
        long done = 0;
        for (long at = from, n; at < to; at += n, done += n) {
            n = file.read(buffer, at, (int) Math.min(buffer.capacity(), to - at));
            if (n <= 0) {
                break;  // cut short meanwhile: its next event says
            }
        }
        return done;
    }

    @Override
    public void absent(int dir, byte[] name) {
        names.remove(dir, name);
    }

    @Override
    public void directoryGone(int dir) {
        names.removeDirectory(dir, w -> { });
    }

    @Override
    public void rescanStarted() {
        names.rescanStarted();
    }

    @Override
    public void rescanEnded() {
        names.rescanEnded(w -> { });
    }

    /** Files read while following (new, grown or replaced, and not cached already). */
    public long files() {
        return files;
    }

    public long bytes() {
        return bytes;
    }

    public long failures() {
        return failures;
    }
}
