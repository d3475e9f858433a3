package dirdump.sys;

/** Receives the entries of one directory, in the order the directory lists them. */
@FunctionalInterface
public interface EntrySink {
    /** {@code name} is a fresh array the receiver may keep; "." and ".." are never passed. */
    void entry(byte[] name, long ino, FileType type);

    /**
     * Whether the receiver takes no more entries: the listing then stops. Asked in the listing's thread,
     * natively before each getdents64 (the entries of the one in hand are still passed), by the java.nio
     * fallback before each entry.
     */
    default boolean full() {
        return false;
    }
}
