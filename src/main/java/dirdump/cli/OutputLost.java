package dirdump.cli;

/**
 * Standard output could not be written: the reason (strerror's text, as coreutils print it), and
 * whether its reader went away. Unchecked, so that no PrintStream or PrintWriter swallows it on the
 * way up: it ends the command wherever it was, and {@link CommandLines#outputLost} says what happened.
 */
public final class OutputLost extends RuntimeException {
    private final boolean readerGone;

    public OutputLost(String reason, boolean readerGone) {
        super(reason, null, false, false);  // no stack trace: it is reported as one line, or not at all
        this.readerGone = readerGone;
    }

    /** A closed pipe or socket (| head ended): nothing went wrong that the user needs telling. */
    public boolean readerGone() {
        return readerGone;
    }
}
