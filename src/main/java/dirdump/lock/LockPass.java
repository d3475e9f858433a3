package dirdump.lock;

import dirdump.outcome.Reporter;
import dirdump.outcome.Tally;
import dirdump.scan.FileOpener;
import dirdump.scan.Opened;
import dirdump.scan.WalkResult;
import dirdump.sys.FileMapping;
import dirdump.sys.OpenFile;
import dirdump.sys.Os;
import dirdump.sys.ReadBuffer;
import dirdump.sys.Stat;
import dirdump.sys.SysException;
import java.util.Arrays;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Maps the listed files, in sequence order, for locking: each is opened as every command opens it
 * ({@link FileOpener}: relative to its directory's handle, checked to be the file listed), mapped
 * read-only and shared, and closed again; the mapping keeps the file (the very inode opened, also if
 * its name is later given to another). Nothing is read or locked yet, so that the whole set can be
 * checked against the limits first.
 *
 * <p>An empty file has nothing to map. Of a sparse file only its data is mapped and locked
 * (SEEK_DATA, SEEK_HOLE), each range a mapping of its own: a hole would be faulted in as pages of
 * zeros, and a mapping of the whole size can need more address space than there is (200 TiB holding a
 * byte). A file that cannot be mapped is that file's error. With a cap, files are taken in sequence
 * order while the next fits whole; that one and every one after it are left out. Beyond the mappings
 * vm.max_map_count leaves, files are only counted, for {@link LockCheck} to refuse the set.
 *
 * <p>Where the kernel cannot lock with reads that report errors ({@link FileMapping#populates}: before
 * Linux 5.14), each file's data is read (pread) as it is mapped, and a range that cannot be read is the
 * file's error: mlock would retry such a page without end.
 */
public final class LockPass {
    private static final int READ_BUFFER = 1 << 20;

    private LockPass() {
    }

    /**
     * {@code maxLocked}: the cap in bytes, or 0 for none; {@code mappingsLeft}: how many mappings may
     * be made; {@code stop}: ends the pass early (a signal).
     */
    public static LockedSet map(Os os, WalkResult walk, int[] sequence, long maxLocked, long mappingsLeft,
                                Tally tally, Reporter reporter, BooleanSupplier stop) {
        LockedSet set = new LockedSet();
        FileOpener opener = new FileOpener(os, walk, reporter, FileOpener.Use.LOCK);
        boolean[] full = {false};
        ReadBuffer[] buffer = {null};  // made at the first file that is read first
        FileOpener.Action mapOne = (f, file, st) -> {
            long[] ranges = st.size() == 0 ? new long[0] : data(file, st.size(), st.sparse(), file.pageSize());
            long bytes = length(ranges);
            if (bytes == 0) {
                set.addEmpty();  // empty, or all holes
            } else if (maxLocked > 0 && set.mappedBytes() + bytes > maxLocked) {
                full[0] = true;
                set.leaveOut(bytes);
            } else if (set.mappings() + ranges.length / 2 > mappingsLeft) {
                set.addUnmapped(ranges.length / 2);
            } else {
                FileMapping[] parts = map(file, ranges);
                if (!parts[0].populates()) {
                    if (buffer[0] == null) {
                        buffer[0] = os.allocate(READ_BUFFER);
                    }
                    readFirst(file, ranges, parts, buffer[0]);
                }
                set.add(new MappedFile(opener.path(f), parts, bytes, st.dev(), st.ino(), st.size()));
            }
        };
        for (int f : sequence) {
            if (stop.getAsBoolean()) {
                break;
            }
            if (full[0]) {
                set.leaveOut(leftOut(opener, f));
                continue;
            }
            opener.use(f, tally, mapOne);
        }
        return set;
    }

    /**
     * One file mapped and locked as {@link #map} and {@link LockedSet#lock} do it (follow mode: a file
     * new or changed since): its data ranges mapped, advised, locked and brought in; a file that cannot be
     * is unmapped again and its failure thrown. {@code maxBytes}: the most it may take locked (0: no
     * bound), or null is returned with nothing mapped; an empty file gives a file of no parts.
     * {@code buffer}: where a kernel without MADV_POPULATE_READ reads the file first.
     */
    static MappedFile lockOne(OpenFile file, Stat st, byte[] path, long maxBytes, Supplier<ReadBuffer> buffer)
            throws SysException {
        long[] ranges = st.size == 0 ? new long[0] : data(file, st.size, st.sparse(), file.pageSize());
        long bytes = length(ranges);
        if (maxBytes > 0 && bytes > maxBytes) {
            return null;
        }
        FileMapping[] parts = bytes == 0 ? new FileMapping[0] : map(file, ranges);
        if (parts.length > 0 && !parts[0].populates()) {
            readFirst(file, ranges, parts, buffer.get());  // unmaps them if it fails
        }
        try {
            for (FileMapping part : parts) {
                part.willNeed(0, part.length());
            }
            for (FileMapping part : parts) {
                part.lock(0, part.length());
            }
        } catch (SysException e) {
            for (FileMapping part : parts) {
                part.close();
            }
            throw e;
        }
        return new MappedFile(path, parts, bytes, st.dev, st.ino, st.size);
    }

    /**
     * What file {@code f}, left out, would have taken locked, in the unit of {@link LockedSet#mappedBytes}
     * (its data in whole pages), so that what is locked and what is left out add up to what the whole
     * set needs; 0 if it cannot be opened now (not reported: it is not locked either way).
     */
    private static long leftOut(FileOpener opener, int f) {
        Opened o = opener.openQuietly(f);
        if (o == null) {
            return 0;
        }
        try (OpenFile file = o.file()) {
            return o.stat().size == 0 ? 0 : length(data(file, o.stat().size, o.stat().sparse(), file.pageSize()));
        } catch (SysException e) {
            return 0;
        }
    }

    /** The bytes of (offset, length) {@code ranges}. */
    private static long length(long[] ranges) {
        long bytes = 0;
        for (int i = 1; i < ranges.length; i += 2) {
            bytes += ranges[i];
        }
        return bytes;
    }

    /** A mapping of each (offset, length) range; none if one cannot be made, which is the file's error. */
    private static FileMapping[] map(OpenFile file, long[] ranges) throws SysException {
        FileMapping[] parts = new FileMapping[ranges.length / 2];
        int made = 0;
        try {
            for (; made < parts.length; made++) {
                parts[made] = file.map(ranges[2 * made], ranges[2 * made + 1]);
            }
            return parts;
        } catch (SysException e) {
            for (int i = 0; i < made; i++) {
                parts[i].close();
            }
            String why = "not locked: mmap: " + e.getMessage();
            throw e.reworded(e.isOutOfMemory() ? why + " (no room for it in the address space: "
                    + "ulimit -v, vm.max_map_count)" : why);
        }
    }

    /** Each range read to its end (or the file's); if a read fails, the file is unmapped: its error. */
    private static void readFirst(OpenFile file, long[] ranges, FileMapping[] parts, ReadBuffer buffer)
            throws SysException {
        try {
            for (int i = 0; i < ranges.length; i += 2) {
                long end = ranges[i] + ranges[i + 1];
                for (long at = ranges[i], n; at < end; at += n) {
                    n = file.read(buffer, at, (int) Math.min(buffer.capacity(), end - at));
                    if (n <= 0) {
                        break;  // the end of the file: ranges are widened to whole pages
                    }
                }
            }
        } catch (SysException e) {
            for (FileMapping part : parts) {
                part.close();
            }
            throw e.reworded("not locked: read: " + e.getMessage());
        }
    }

    /** The (offset, length) pairs of the file's data, widened to whole pages and joined where they meet. */
    private static long[] data(OpenFile file, long size, boolean sparse, int page) throws SysException {
        if (!sparse) {
            return new long[] {0, pages(size, page) * page};
        }
        long[] ranges = new long[8];
        int n = 0;
        long pos = 0;
        for (long data; (data = file.nextData(pos)) >= 0 && data < size; ) {
            pos = Math.min(file.nextHole(data), size);
            long from = data - data % page;
            long to = pages(pos, page) * page;
            if (n > 0 && from <= ranges[n - 2] + ranges[n - 1]) {
                ranges[n - 1] = to - ranges[n - 2];
                continue;
            }
            if (n == ranges.length) {
                ranges = Arrays.copyOf(ranges, n * 2);
            }
            ranges[n++] = from;
            ranges[n++] = to - from;
        }
        return Arrays.copyOf(ranges, n);
    }

    private static long pages(long bytes, int page) {
        return (bytes + page - 1) / page;
    }
}
