package dirdump.sys;

/**
 * What {@link Os#readSmallFile} found under a name, or {@link Os#createFile} made there: its stat (no
 * link followed) and, for a regular file only, its first bytes; {@code start} is null for anything else,
 * which was not opened. A regular file stays open until this is closed, with this process's exclusive
 * flock(2) on it unless {@code lockedElsewhere} (another process held one throughout the bounded wait):
 * meanwhile its inode cannot be freed and given to another file, and no other process can lock it.
 */
public record SmallFile(Stat stat, byte[] start, boolean lockedElsewhere, Runnable release) implements AutoCloseable {
    /** Releases the lock and closes the file. */
    @Override
    public void close() {
        release.run();
    }
}
