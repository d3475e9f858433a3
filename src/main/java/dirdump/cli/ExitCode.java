package dirdump.cli;

/** What a run's exit status tells a script. */
public enum ExitCode {
    /** Every file listed was read (skipped FIFOs, sockets, devices and links do not count against it). */
    OK(0),
    /** The run finished, but some files or directories could not be read. */
    SOME_FAILED(1),
    /** A usage error, or a PATH that does not exist or cannot be used. */
    USAGE(2);

    public final int status;

    ExitCode(int status) {
        this.status = status;
    }
}
