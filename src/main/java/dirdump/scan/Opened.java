package dirdump.scan;

import dirdump.sys.OpenFile;
import dirdump.sys.Residency;
import dirdump.sys.Stat;

/**
 * A listed file, opened and checked to be the regular file that was listed, not yet used; with its
 * page-cache residency when that was measured (null otherwise), and the byte ranges of it to bring
 * in (see cache.ByteRanges; null: all of it).
 */
public record Opened(byte[] path, OpenFile file, Stat stat, Residency before, long[] ranges) {
    public Opened(byte[] path, OpenFile file, Stat stat, Residency before) {
        this(path, file, stat, before, null);
    }

    public Opened withBefore(Residency residency) {
        return new Opened(path, file, stat, residency, ranges);
    }

    public Opened withRanges(long[] toRead) {
        return new Opened(path, file, stat, before, toRead);
    }
}
