package dirdump.proc;

/**
 * A process that could not be started, or waited for: the message is the whole of what to tell
 * ("srun: command not found"); {@link #notFound}: no such program. The command's exit status is the
 * caller's to choose.
 */
public final class CannotStart extends Exception {
    private final boolean notFound;

    CannotStart(String message, boolean notFound) {
        super(message, null, false, false);
        this.notFound = notFound;
    }

    /** The program is not there (ENOENT): a shell's 127 rather than its 126. */
    public boolean notFound() {
        return notFound;
    }
}
