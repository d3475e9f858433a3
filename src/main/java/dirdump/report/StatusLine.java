package dirdump.report;

import java.io.PrintStream;

/** One line on a terminal, redrawn in place: carriage return, the text, erase to the end of the line. */
public final class StatusLine {
    private final PrintStream err;
    private boolean drawn;

    public StatusLine(PrintStream err) {
        this.err = err;
    }

    public synchronized void draw(String text) {
        err.print("\r" + text + "\033[K");
        err.flush();
        drawn = true;
    }

    /** Erases the line, so that the summary or an error starts on a clean one. */
    public synchronized void erase() {
        if (drawn) {
            err.print("\r\033[K");
            err.flush();
            drawn = false;
        }
    }
}
