package dirdump.read;

import dirdump.outcome.Keyed;

/** How a file is brought into the page cache. */
public enum ReadMethod implements Keyed {
    /** Copy every byte through the reader's buffer: proves the file is readable, counts real bytes. */
    READ,
    /**
     * posix_fadvise(WILLNEED) over the whole file, in chunks of the device's read_ahead_kb (the most the
     * kernel fetches per call): the kernel queues the reads and orders them itself; nothing is copied.
     */
    WILLNEED;
}
