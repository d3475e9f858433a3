package dirdump.sys;

import java.io.OutputStream;

/**
 * A new file that is to replace a name once complete (a --save snapshot, see {@link Os#replace}):
 * written through {@link #output}, then {@link #commit}ted: synced to disk and renamed over the name
 * in one step, so that the name holds the old file or the new one, never half of one. Closed without
 * a commit, it leaves nothing behind.
 */
public interface Replacement extends AutoCloseable {
    /** Unbuffered: each write goes to the file (buffer it). */
    OutputStream output();

    void commit() throws SysException;

    @Override
    void close();
}
