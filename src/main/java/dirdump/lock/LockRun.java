package dirdump.lock;

import dirdump.outcome.Reporter;
import dirdump.outcome.Tally;
import dirdump.scan.FileOpener;
import dirdump.scan.WalkResult;
import dirdump.sys.FileMapping;
import dirdump.sys.OpenFile;
import dirdump.sys.Os;
import dirdump.sys.Stat;
import dirdump.sys.SysException;
import java.util.Arrays;
import java.util.function.BooleanSupplier;

/**
 * Maps the listed files, in sequence order, for locking: each is opened as every command opens it
 * ({@link FileOpener}: relative to its directory's handle, checked to be the file listed), mapped
 * read-only and shared, and closed again; the mapping keeps the file (the very inode opened, also if
 * its name is later given to another). Nothing is read or locked yet, so that the whole set can be
 * checked against the limits first.
 *
 * <p>An empty file has nothing to map. Of a sparse file only its data is locked (SEEK_DATA,
 * SEEK_HOLE): a hole would be faulted in as pages of zeros. With a cap, files are taken in sequence
 * order while the next fits whole; that one and every one after it are left out.
 */
public final class LockRun {
    private LockRun() {
    }

    /** {@code maxLocked}: the cap in bytes, or 0 for none; {@code stop}: ends the pass early (a signal). */
    public static LockedSet map(Os os, WalkResult listing, int[] sequence, long maxLocked, Tally tally,
                                Reporter reporter, BooleanSupplier stop) {
        LockedSet set = new LockedSet();
        FileOpener opener = new FileOpener(os, listing, reporter, "not locked");
        boolean[] full = {false};
        for (int f : sequence) {
            if (stop.getAsBoolean() || set.unmappable() != null) {
                break;
            }
            if (full[0]) {
                Stat st = opener.stat(f);
                set.leaveOut(st == null ? 0 : st.size);
                continue;
            }
            opener.use(f, tally, (path, file, st) -> {
                if (st.size == 0) {
                    set.addEmpty();
                    return;
                }
                FileMapping mapping;
                try {
                    mapping = file.map(st.size);
                } catch (SysException e) {
                    if (!e.isOutOfMemory()) {
                        throw e;
                    }
                    set.unmappable("mmap: " + e.getMessage() + " (vm.max_map_count, or ulimit -v)");
                    return;
                }
                long[] ranges = data(file, st, mapping.pageSize());
                long bytes = 0;
                for (int i = 1; i < ranges.length; i += 2) {
                    bytes += ranges[i];
                }
                if (bytes == 0) {
                    mapping.close();  // all holes
                    set.addEmpty();
                } else if (maxLocked > 0 && set.mappedBytes() + bytes > maxLocked) {
                    mapping.close();
                    full[0] = true;
                    set.leaveOut(st.size);
                } else {
                    set.add(new MappedFile(path, mapping, ranges, bytes));
                }
            });
        }
        return set;
    }

    /** The (offset, length) pairs of the file's data, widened to whole pages and joined where they meet. */
    private static long[] data(OpenFile file, Stat st, int page) throws SysException {
        if (!st.sparse()) {
            return new long[] {0, pages(st.size, page) * page};
        }
        long[] ranges = new long[8];
        int n = 0;
        long pos = 0;
        for (long data; (data = file.nextData(pos)) >= 0 && data < st.size; ) {
            pos = Math.min(file.nextHole(data), st.size);
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
