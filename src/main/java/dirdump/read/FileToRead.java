package dirdump.read;

import dirdump.cache.ByteRanges;
import dirdump.scan.FileOpener;
import dirdump.sys.OpenFile;
import dirdump.sys.ReadRing;
import dirdump.sys.Residency;
import dirdump.sys.StatBuffer;
import dirdump.sys.SysException;

/**
 * The file a reader has in hand: listed file {@code index}, open and checked, with its fstat, its
 * page-cache residency as measured before (as {@link #cached} tells it), and what to read of it: the
 * whole file, or byte ranges. Each thread fills its own again for every file, so that a file
 * costs no object of its own; a file handed to another thread (the prefetch queue, a big file shared by
 * the readers) is a {@link #handOff() copy}.
 */
final class FileToRead {
    int index = -1;
    OpenFile file;
    /** The opener's buffer (valid until it opens the next file), or a copy of it. */
    StatBuffer stat;
    /** How much of it the page cache held when it was opened. */
    Cached cached = Cached.UNKNOWN;
    /** What {@link #cached} was measured from: the page-cache line's "before". */
    Residency before = Residency.UNKNOWN;
    /** Read to its end as read(2) finds it, not by {@link #ranges}. */
    boolean whole = true;
    /** The byte ranges to read, where not {@link #whole}. */
    ByteRanges ranges = ByteRanges.NONE;
    /** Built at the first need (a -v line, an error), by the thread's opener; a copy's at the hand-off. */
    private byte[] path;
    private final FileOpener opener;
    /** The fstat of a file taken over ({@link #takeOver}), made at the first. */
    private StatBuffer kept;

    /** Where the file is closed: a ring's slot's file in the ring (one system call fewer), else null. */
    private final ReadRing closer;

    FileToRead(FileOpener opener) {
        this(opener, null);
    }

    FileToRead(FileOpener opener, ReadRing closer) {
        this.opener = opener;
        this.closer = closer;
    }

    /** Listed file {@code index}, just opened by this thread's opener. */
    void take(int index, OpenFile file) {
        this.index = index;
        this.file = file;
        this.stat = opener.stat();
        this.cached = Cached.UNKNOWN;
        this.before = Residency.UNKNOWN;
        this.whole = true;
        this.ranges = ByteRanges.NONE;
        this.path = null;
    }

    /**
     * Listed file {@code index}, just opened and checked by the opener for a slot of the ring (RingReads),
     * as this slot's own: a copy of its fstat in a buffer of this one's, as {@link #takeOver} keeps it.
     */
    void takeOwn(int index, OpenFile file) {
        take(index, file);
        stat = kept(stat);
    }

    private StatBuffer kept(StatBuffer from) {
        if (kept == null) {
            kept = new StatBuffer();
        }
        kept.copyFrom(from);
        return kept;
    }

    /** What the user is told this file is. */
    byte[] path() {
        if (path == null) {
            path = opener.path(index);
        }
        return path;
    }

    /**
     * Takes over {@code f}, the file a reader has in hand, as this thread's own for as long as it is in
     * flight (RingReads): its open file, and a copy of its fstat in a buffer of this one's; its path is
     * built by the same opener when it is needed.
     */
    void takeOver(FileToRead f) {
        index = f.index;
        file = f.file;
        stat = kept(f.stat);
        cached = f.cached;
        before = f.before;
        whole = f.whole;
        ranges = f.ranges;
        path = null;
    }

    /** A copy that owns the open file, its fstat and its path: for another thread. */
    FileToRead handOff() {
        FileToRead c = new FileToRead(null);
        c.index = index;
        c.file = file;
        c.stat = stat.copy();
        c.cached = cached;
        c.before = before;
        c.whole = whole;
        c.ranges = ranges;
        c.path = path();
        return c;
    }

    /** Reads {@code ranges} of it, not the whole file. */
    void readRanges(ByteRanges ranges) {
        this.whole = false;
        this.ranges = ranges;
    }

    /** The byte ranges to bring in: those asked for, or the whole file as its size says. */
    ByteRanges toRead() {
        return whole ? ByteRanges.whole(stat.size()) : ranges;
    }

    /**
     * The bytes of {@code ranges} of the file that a read brings in: of a sparse file only its data,
     * found by lseek (SEEK_DATA, SEEK_HOLE) as the read finds it. What --max-bytes reserves for it.
     */
    long bytesToBringIn(ByteRanges ranges) throws SysException {
        if (!stat.sparse()) {
            return ranges.length();
        }
        long data = 0;
        for (int i = 0; i < ranges.count(); i++) {
            for (long at = ranges.start(i), d; (d = file.nextData(at)) >= 0 && d < ranges.end(i); ) {
                at = Math.min(file.nextHole(d), ranges.end(i));
                data += at - d;
            }
        }
        return data;
    }

    /** Closes the file: done with, or left alone. */
    void close() {
        if (closer != null) {
            closer.queueClose(file);
        } else {
            file.close();
        }
        file = null;
    }
}
