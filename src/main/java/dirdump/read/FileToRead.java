package dirdump.read;

import dirdump.scan.Opened;
import dirdump.sys.Residency;

/**
 * An opened file with what is to be brought in of it: its page-cache residency as measured before
 * (null: unknown), and the byte ranges to read (see cache.ByteRanges; null: all of it).
 */
record FileToRead(Opened opened, Residency before, long[] ranges) {
}
