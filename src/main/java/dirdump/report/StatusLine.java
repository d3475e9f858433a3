package dirdump.report;

import dirdump.outcome.Reporter;
import java.io.PrintStream;
import java.util.function.IntSupplier;

/**
 * One line on a terminal, redrawn in place: carriage return, the text, erase to the end of the line.
 * The text is cut to one column less than the terminal's width, asked at each draw: a line as wide as
 * the terminal, or wider, wraps, and the next carriage return then goes back to the second half only.
 * Other output to the same stream must go through {@link #aside}, under the same lock, so that a
 * message never lands on the end of the line.
 */
public final class StatusLine {
    private final PrintStream err;
    private final Object lock;
    private final IntSupplier columns;
    private String shown;

    /** {@code lock}: the one that every other writer to {@code err} holds (a {@link Reporter}'s). */
    StatusLine(PrintStream err, Object lock, IntSupplier columns) {
        this.err = err;
        this.lock = lock;
        this.columns = columns;
    }

    /** A line of its own, for a program whose only other output comes after it (testdata-gen). */
    public StatusLine(PrintStream err, IntSupplier columns) {
        this.err = err;
        this.lock = this;
        this.columns = columns;
    }

    /** The width the text may take: one less than the terminal's. */
    public int width() {
        return Math.max(1, columns.getAsInt() - 1);
    }

    public void draw(String text) {
        synchronized (lock) {
            String fit = text.length() > width() ? text.substring(0, width()) : text;
            err.print("\r" + fit + "\033[K");
            err.flush();
            shown = fit;
        }
    }

    /** Erases the line, so that the summary or an error starts on a clean one. */
    public void erase() {
        synchronized (lock) {
            if (shown != null) {
                err.print("\r\033[K");
                err.flush();
                shown = null;
            }
        }
    }

    /** Prints {@code output} (whole lines) where the line was, then draws the line again below it. */
    void aside(Runnable output) {
        synchronized (lock) {
            String was = shown;
            erase();
            output.run();
            if (was != null) {
                draw(was);
            }
        }
    }
}
