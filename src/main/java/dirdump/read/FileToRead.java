package dirdump.read;

import dirdump.cache.ByteRanges;
import dirdump.scan.Opened;
import dirdump.sys.Residency;
import dirdump.sys.SysException;

/**
 * An opened file with what is to be brought in of it: its page-cache residency as measured before
 * (null: unknown), and the byte ranges to read (see cache.ByteRanges; null: all of it).
 */
record FileToRead(Opened opened, Residency before, long[] ranges) {
    /** The byte ranges to bring in: those asked for, or the whole file as its size says. */
    long[] toRead() {
        return ranges != null ? ranges : ByteRanges.whole(opened.stat().size);
    }

    /**
     * The bytes of {@code ranges} of the file that a read brings in: of a sparse file only its data,
     * found by lseek (SEEK_DATA, SEEK_HOLE) as the read finds it. What --max-bytes reserves for it.
     */
    static long bytesToBringIn(Opened o, long[] ranges) throws SysException {
        if (!o.stat().sparse()) {
            return ByteRanges.length(ranges);
        }
        long data = 0;
        for (int i = 0; i < ranges.length; i += 2) {
            for (long at = ranges[i], d; (d = o.file().nextData(at)) >= 0 && d < ranges[i + 1]; ) {
                at = Math.min(o.file().nextHole(d), ranges[i + 1]);
                data += at - d;
            }
        }
        return data;
    }
}
