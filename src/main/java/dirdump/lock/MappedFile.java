package dirdump.lock;

import dirdump.sys.FileMapping;

/**
 * A file of the set, mapped and not yet locked: a mapping of each page-aligned range of its data (one
 * for a file without holes); {@code bytes}, their sum, is what locking it takes; {@code dev}, {@code ino} and {@code size}: its fstat's when it was mapped (follow mode
 * tells a file grown or replaced since by them).
 */
record MappedFile(byte[] path, FileMapping[] parts, long bytes, long dev, long ino, long size) {
}
