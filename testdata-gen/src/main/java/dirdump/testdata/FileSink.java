package dirdump.testdata;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * Makes the tree: each directory in an open directory (a handle of type D) that the sink made
 * itself, and new files in them, several open at once, each in a numbered slot. OUT is the only
 * directory opened by name.
 */
interface FileSink<D> extends Closeable {
    /** Opens OUT; throws {@link Refused} if this sink cannot make the tree under it safely. */
    D openOut(Path out) throws IOException;

    /** Makes directory {@code name} in {@code parent} and opens it; fails unless what opens is the one made. */
    D makeDirectory(D parent, String name) throws IOException;

    /** Opens a directory made before anew, relative to its parent; fails unless it still is {@code made}. */
    D reopen(D parent, String name, D made) throws IOException;

    void closeDirectory(D dir);

    /** Creates a new file in {@code dir} (never opens one that exists) and keeps it open in {@code slot}. */
    void create(int slot, D dir, String name) throws IOException;

    /** Writes {@code data} from its position to its limit at the end of the file, which is {@code offset}. */
    void append(int slot, ByteBuffer data, long offset) throws IOException;

    void close(int slot) throws IOException;

    /** The identity of the file {@code name} just created in {@code slot}, to check it by when opened again. */
    Object identity(int slot, D dir, String name) throws IOException;

    /** Opens a file made here in {@code slot}, to append to; fails unless it still is {@code made}. */
    void openToAppend(int slot, D dir, String name, Object made) throws IOException;

    /**
     * Makes what was written so far reach the disk (syncfs), so that the file system places it before what
     * comes next, and what comes next around it.
     */
    void settle(D dir) throws IOException;

    /** Removes {@code name} from {@code dir}: the name only, never what a link names. */
    void remove(D dir, String name) throws IOException;

    /** Closes the files still open, after a failure; the failure is what gets reported. */
    @Override
    void close();
}
