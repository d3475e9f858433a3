package dirdump.run;

/** What a run's exit status tells a script. */
public enum ExitCode {
    /** Every file listed was read (skipped FIFOs, sockets, devices, links and cached files do not count against it). */
    OK(0),
    /** The run finished, but some files or directories could not be read. */
    SOME_FAILED(1),
    /** The filters left out every file, as grep exits 1 for no match: a typo in a cron pattern warms nothing. */
    NO_MATCH(1),
    /** status --min-percent: less of the set is in the page cache than asked. */
    NOT_RESIDENT(1),
    /** A usage error, or a PATH that does not exist or cannot be used. */
    USAGE(2),
    /** lock: the set cannot be locked whole (RLIMIT_MEMLOCK, memory, mappings), said before any of it was. */
    CANNOT_LOCK(2),
    /** run: the warm-up failed (or the lock was refused), so COMMAND was not run; as env, nice and timeout fail. */
    NOT_RUN(125),
    /** run: COMMAND was found but cannot be run (not executable), as the shell says. */
    CANNOT_EXECUTE(126),
    /** run: COMMAND was not found, as the shell says. */
    NOT_FOUND(127),
    /** Standard output could not be written (/dev/full, a closed descriptor), as coreutils exit then. */
    WRITE_ERROR(2),
    /** Stopped by SIGHUP, as by SIGTERM: 128 + 1. */
    HANGUP(129),
    /** Stopped by SIGINT (Ctrl-C), after printing the summary of what was done: 128 + 2. */
    INTERRUPTED(130),
    /** Stopped by SIGTERM, after printing the summary of what was done: 128 + 15. */
    TERMINATED(143),
    /**
     * Standard output's reader went away (a closed pipe: {@code | head}): the run ends at once and says
     * nothing, with the status a shell reports for a program SIGPIPE killed (128 + 13), as coreutils get.
     */
    READER_GONE(141);

    public final int status;

    /** The exit status of a run over the listing, from what went wrong in it. */
    public static ExitCode of(dirdump.scan.WalkResult listing, dirdump.outcome.Tally tally) {
        return of(listing, tally, 0, false);
    }

    /**
     * As above, for a run that a signal (its number, or 0) may have stopped; {@code noMatch}: the
     * filters left out every file ({@link NoMatch}).
     */
    public static ExitCode of(dirdump.scan.WalkResult listing, dirdump.outcome.Tally tally, int signal, boolean noMatch) {
        if (signal != 0) {
            return stoppedBy(signal);
        }
        return listing.unusablePaths > 0 ? USAGE
                : tally.errors() + tally.changed() > 0 ? SOME_FAILED : noMatch ? NO_MATCH : OK;
    }

    /** A command stopped by SIGINT, SIGTERM or SIGHUP. */
    public static ExitCode stoppedBy(int signal) {
        return signal == 2 ? INTERRUPTED : signal == 1 ? HANGUP : TERMINATED;
    }

    ExitCode(int status) {
        this.status = status;
    }
}
