package dirdump.lock;

import dirdump.sys.FileMapping;

/**
 * A file of the set, mapped and not yet locked: {@code ranges} are the page-aligned (offset, length)
 * pairs of its data (one for a file without holes), {@code bytes} their sum, what locking it takes.
 */
record MappedFile(byte[] path, FileMapping mapping, long[] ranges, long bytes) {
}
