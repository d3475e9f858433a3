package dirdump;

import dirdump.cli.OutputLost;
import dirdump.sys.FileType;
import dirdump.sys.Os;
import dirdump.sys.SysException;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Descriptor 1, with every write checked. System.out swallows write errors (a PrintStream only sets
 * a flag that nobody reads), so `dirdump --json >/dev/full` would exit 0 with its output lost; under
 * the PrintStream that every command writes its machine output to, this stream throws
 * {@link OutputLost} instead, which no PrintStream or PrintWriter catches.
 */
final class CheckedStdout extends OutputStream {
    private final FileOutputStream fd1 = new FileOutputStream(FileDescriptor.out);
    private final boolean closedAtStart;
    /** Once a write failed, the rest is dropped: the failure is told once, and what is left is not tried again. */
    private boolean lost;

    private CheckedStdout(boolean closedAtStart) {
        this.closedAtStart = closedAtStart;
    }

    /**
     * The stream for machine output: UTF-8 whatever the locale (names are shown as UTF-8, as in
     * messages), flushed at each line as System.out is, so that status -v rows show as they come.
     * {@code closedAtStart}: the caller closed descriptor 1 (see {@link ClosedAtStart}).
     */
    static PrintStream open(boolean closedAtStart) {
        // Not flushed at each line: a table row would be some 46 writes (printf's pieces). Main flushes
        // at the end; 64 KiB at a time before that.
        return new PrintStream(new BufferedOutputStream(new CheckedStdout(closedAtStart), 1 << 16), false,
                StandardCharsets.UTF_8);
    }

    @Override
    public void write(int b) {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) {
        if (lost) {
            return;
        }
        try {
            if (closedAtStart) {
                throw new IOException("Bad file descriptor");  // what write(2) says on a closed descriptor
            }
            fd1.write(b, off, len);
        } catch (IOException e) {
            lost = true;
            throw new OutputLost(e.getMessage(), !closedAtStart && toPipeOrSocket());
        }
    }

    /**
     * Whether descriptor 1 is a pipe, FIFO or socket, on which a write fails when the reader went away
     * (EPIPE, ECONNRESET). Asked of the kernel rather than read from the message, which is strerror's
     * and so in the locale's language.
     */
    private static boolean toPipeOrSocket() {
        try {
            FileType type = Os.load(warning -> { }).fstat(1).type();  // the run has warned of a fallback, if it must
            return type == FileType.FIFO || type == FileType.SOCKET;
        } catch (SysException | RuntimeException e) {
            return false;  // cannot tell: say what went wrong rather than nothing
        }
    }
}
