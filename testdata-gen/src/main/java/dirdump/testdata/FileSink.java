package dirdump.testdata;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/** Creates files and writes them; several may be open at once, each in a numbered slot. */
interface FileSink extends Closeable {
    /** Creates a new file (never opens one that exists) and keeps it open in {@code slot}. */
    void create(int slot, Path path) throws IOException;

    /** Writes {@code data} from its position to its limit at the end of the file, which is {@code offset}. */
    void append(int slot, ByteBuffer data, long offset) throws IOException;

    void close(int slot) throws IOException;

    /** Closes whatever is still open, after a failure; the failure is what gets reported. */
    @Override
    void close();
}
