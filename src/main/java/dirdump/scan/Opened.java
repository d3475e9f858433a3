package dirdump.scan;

import dirdump.sys.OpenFile;
import dirdump.sys.Stat;

/** A listed file, opened and checked to be the regular file that was listed, not yet used. */
public record Opened(byte[] path, OpenFile file, Stat stat) {
}
