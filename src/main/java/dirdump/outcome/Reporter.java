package dirdump.outcome;

import dirdump.sys.Residency;

/**
 * Where the phases tell what happens to each file as it happens: errors, notices, and with -v each
 * file read, skipped or filtered. The phases only say what happened; how it is shown is the
 * renderer's ({@code report.StderrReporter}).
 */
public interface Reporter {
    /** Whether each file is to be told (-v): the phases build a line only then. */
    boolean verbose();

    /** A file or directory that could not be used: {@code reason} is strerror's text or dirdump's own. */
    void error(byte[] path, String reason);

    /** A failure of the run as a whole, not of one file. */
    void problem(String text);

    void notice(byte[] path, String text);

    /** How a long command is getting on (bench: one a run). */
    void progress(String text);

    void warning(String text);

    void read(byte[] path, long bytes);

    void skipped(byte[] path, SkipReason reason);

    void filtered(byte[] path, String why);

    /** A file evicted, with its residency before and after (each perhaps Residency.UNKNOWN): told with -v. */
    void evicted(byte[] path, Residency before, Residency after);

    /** A line of -v output about one file, as the command words it. */
    void line(String text);
}
