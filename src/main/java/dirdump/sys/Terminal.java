package dirdump.sys;

import jnr.posix.POSIXFactory;

/** Whether people watch: progress lines are drawn only for a terminal. */
public final class Terminal {
    private static final int STDERR = 2;

    private Terminal() {
    }

    /**
     * isatty(2) on descriptor 2: System.console() asks about stdin and stdout instead, and jnr-posix's
     * isatty(FileDescriptor) warns about module access. No terminal if libc cannot be bound.
     */
    public static boolean stderrIsTerminal() {
        try {
            return POSIXFactory.getNativePOSIX().isatty(STDERR) == 1;
        } catch (LinkageError | RuntimeException e) {
            return false;
        }
    }
}
