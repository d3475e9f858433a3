package dirdump.sys;

import java.io.Closeable;

/** A file opened for reading only. */
public interface OpenFile extends Closeable {
    /** fstat of the open descriptor: what was really opened, not what the name pointed at before. */
    Stat stat() throws SysException;

    /** Reads up to the buffer's capacity; returns 0 at end of file. */
    int read(ReadBuffer buffer) throws SysException;

    @Override
    void close();
}
