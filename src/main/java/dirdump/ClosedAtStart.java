package dirdump;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;

/**
 * The standard descriptors the caller had closed (cmd <&-, cmd >&-). A closed descriptor is taken by
 * the first file the JVM opens (its own lib/modules became descriptor 0, /dev/null descriptor 1), so
 * that a --files-from - list would be the JVM's own file and the output would go nowhere, unnoticed;
 * and from inside the JVM such a descriptor cannot be told from one given so. Only the shell that
 * starts java can tell: bin/launch.sh opens each closed one on /dev/null, so that the JVM cannot take
 * it, and names it in the property dirdump.closed ("0,1"). Here, reading that stdin or writing that
 * stdout fails as it would have on the closed descriptor: EBADF.
 */
final class ClosedAtStart {
    private final List<String> closed;

    private ClosedAtStart(List<String> closed) {
        this.closed = closed;
    }

    /** As bin/launch.sh found them; none when java was started otherwise. */
    static ClosedAtStart fromLauncher() {
        return new ClosedAtStart(Arrays.asList(System.getProperty("dirdump.closed", "").split(",")));
    }

    boolean stdout() {
        return closed.contains("1");
    }

    /** Standard input, or if it was closed a stream whose every read fails as read(2) would have. */
    InputStream stdin() {
        if (!closed.contains("0")) {
            return System.in;
        }
        return new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException("Bad file descriptor (standard input is closed)");
            }
        };
    }
}
