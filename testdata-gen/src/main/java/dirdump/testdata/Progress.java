package dirdump.testdata;

import dirdump.outcome.Units;
import dirdump.report.StatusLine;
import dirdump.sys.Terminal;
import java.io.PrintStream;
import java.util.Locale;

/** One line on stderr, redrawn at most ten times a second, only when stderr is a terminal. */
final class Progress {
    private static final long INTERVAL_NANOS = 100_000_000L;

    private final StatusLine line;
    private final boolean shown;
    private final int total;
    private int files;
    private long bytes;
    private long nextDraw;
    private boolean drawn;

    Progress(PrintStream err, boolean terminal, int total) {
        this.line = new StatusLine(err, Terminal::columns);
        this.shown = terminal;
        this.total = total;
    }

    void fileWritten(int size) {
        files++;
        bytes += size;
        if (shown) {
            long now = System.nanoTime();
            if (!drawn || now - nextDraw >= 0) {
                nextDraw = now + INTERVAL_NANOS;
                drawn = true;
                line.draw(String.format(Locale.ROOT, "testdata-gen: %,d of %,d files (%d%%), %s",
                        files, total, files * 100L / total, Units.bytes(bytes)));
            }
        }
    }

    /** Erases the line, so that the summary or an error starts on a clean one. */
    void finish() {
        line.erase();
    }
}
