package dirdump.scan;

import dirdump.sys.OpenFile;
import dirdump.sys.Residency;
import dirdump.sys.Stat;

/**
 * A listed file, opened and checked to be the regular file that was listed, not yet used; with its
 * page-cache residency when that was measured (null otherwise).
 */
public record Opened(byte[] path, OpenFile file, Stat stat, Residency before) {
    public Opened withBefore(Residency residency) {
        return new Opened(path, file, stat, residency);
    }
}
