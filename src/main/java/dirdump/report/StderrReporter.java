package dirdump.report;

import dirdump.outcome.PathText;
import dirdump.outcome.Reporter;
import dirdump.outcome.SkipReason;
import dirdump.sys.Residency;
import java.io.PrintStream;
import java.util.function.IntSupplier;

/**
 * The phases' per-file messages, for people, on stderr. Errors are always shown, one line each in the form
 * {@code dirdump: PATH: reason}; notices unless --quiet; each file read, skipped or filtered only with -v.
 * A progress line, if one is drawn, is drawn under this reporter's lock: each message erases it first
 * and draws it again below, so that neither lands on the other.
 */
public final class StderrReporter implements Reporter {
    public enum Verbosity { QUIET, NORMAL, VERBOSE }

    private final PrintStream err;
    private final Verbosity verbosity;
    private final ReportedErrors errors = new ReportedErrors();
    private StatusLine line;

    public StderrReporter(PrintStream err, Verbosity verbosity) {
        this.err = err;
        this.verbosity = verbosity;
    }

    /** The progress line on the same stream, which every message from now on steps around. */
    public synchronized StatusLine statusLine(IntSupplier columns) {
        line = new StatusLine(err, this, columns);
        return line;
    }

    public boolean verbose() {
        return verbosity == Verbosity.VERBOSE;
    }

    /** Also kept for the JSON record (under this lock, which the line takes anyway). */
    public synchronized void error(byte[] path, String reason) {
        String shown = PathText.of(path);
        say("dirdump: " + shown + ": " + reason);
        errors.add(shown, reason);
    }

    /** The errors reported so far, as the JSON record's {@code reported_errors}. */
    public synchronized com.google.gson.JsonObject errorsJson() {
        return errors.json();
    }

    /** A failure of the run as a whole, not of one file: shown also with --quiet, as errors are. */
    public synchronized void problem(String text) {
        say("dirdump: " + text);
    }

    public synchronized void notice(byte[] path, String text) {
        if (verbosity != Verbosity.QUIET) {
            say("dirdump: " + PathText.of(path) + ": " + text);
        }
    }

    /** A line about how a long command is getting on (bench: one a run), unless --quiet; within a terminal's width. */
    public synchronized void progress(String text) {
        if (verbosity != Verbosity.QUIET) {
            Wrapped.lines("dirdump: " + text, Wrapped.stderrColumns()).forEach(this::say);
        }
    }

    public synchronized void warning(String text) {
        if (verbosity != Verbosity.QUIET) {
            say("dirdump: warning: " + text);
        }
    }

    public void read(byte[] path, long bytes) {
        if (verbose()) {
            line(PathText.of(path) + " (" + bytes + " bytes)");
        }
    }

    public void skipped(byte[] path, SkipReason reason) {
        if (verbose()) {
            line(PathText.of(path) + ": skipped: " + reason.text);
        }
    }

    public void filtered(byte[] path, String why) {
        if (verbose()) {
            line(PathText.of(path) + ": filtered: " + why);
        }
    }

    /** "PATH: 3 -> 0 of 5 pages resident". */
    public void evicted(byte[] path, Residency before, Residency after) {
        if (verbose()) {
            line(PathText.of(path) + ": " + (!before.known() || !after.known() ? "residency unknown"
                    : before.residentPages() + " -> " + after.residentPages() + " of " + after.totalPages()
                            + " pages resident"));
        }
    }

    /** A line of -v output, without the program name. */
    public synchronized void line(String text) {
        say(text);
    }

    /** Every line goes out escaped (PathText.line): text that reached it unescaped cannot act on a terminal. */
    private void say(String text) {
        String shown = PathText.line(text);
        if (line == null) {
            err.println(shown);
        } else {
            line.aside(() -> err.println(shown));
        }
    }
}
