package dirdump.sys;

/** Whether people watch: progress lines are drawn only for a terminal. */
public final class Terminal {
    private static final int STDERR = 2;

    private Terminal() {
    }

    /**
     * isatty(3) on descriptor 2, on the libc binding every run makes anyway (jnr-posix's would cost
     * about 160 ms to bind): System.console() asks about stdin and stdout instead. No terminal if libc
     * cannot be bound.
     */
    public static boolean stderrIsTerminal() {
        try {
            return LibcBinding.get().libc.isatty(STDERR) == 1;
        } catch (LinkageError | RuntimeException e) {
            return false;
        }
    }
}
