package dirdump.report;

import java.io.PrintStream;

/**
 * Per-file messages, for people, on stderr. Errors are always shown, one line each in the form
 * {@code dirdump: PATH: reason}; notices unless --quiet; each file read, skipped or filtered only with -v.
 */
public final class Reporter {
    public enum Verbosity { QUIET, NORMAL, VERBOSE }

    private final PrintStream err;
    private final Verbosity verbosity;

    public Reporter(PrintStream err, Verbosity verbosity) {
        this.err = err;
        this.verbosity = verbosity;
    }

    public boolean verbose() {
        return verbosity == Verbosity.VERBOSE;
    }

    public synchronized void error(byte[] path, String reason) {
        err.println("dirdump: " + PathText.of(path) + ": " + reason);
    }

    public synchronized void notice(byte[] path, String text) {
        if (verbosity != Verbosity.QUIET) {
            err.println("dirdump: " + PathText.of(path) + ": " + text);
        }
    }

    /** A line about how a long command is getting on (bench: one a run), unless --quiet. */
    public synchronized void progress(String text) {
        if (verbosity != Verbosity.QUIET) {
            err.println("dirdump: " + text);
        }
    }

    public synchronized void warning(String text) {
        if (verbosity != Verbosity.QUIET) {
            err.println("dirdump: warning: " + text);
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

    /** A line of -v output, without the program name. */
    public synchronized void line(String text) {
        err.println(text);
    }
}
