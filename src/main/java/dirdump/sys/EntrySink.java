package dirdump.sys;

/** Receives the entries of one directory, in the order the directory lists them. */
@FunctionalInterface
public interface EntrySink {
    /** {@code name} is a fresh array the receiver may keep; "." and ".." are never passed. */
    void entry(byte[] name, long ino, FileType type);
}
