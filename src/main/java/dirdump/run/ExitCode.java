package dirdump.run;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a run's exit status tells a script, and the one place each status is described: --help's
 * "Exit status" list, the man pages' EXIT STATUS and docs/exit-status.md are made from these texts
 * ({@link #list}), for the commands each applies to.
 */
public enum ExitCode {
    /** run passes COMMAND's own status on: no status of its own, listed so that run's help says so. */
    COMMANDS_OWN(-1, Map.of(Command.RUN, "COMMAND's own exit status (128 + N if signal N ended it)")),
    OK(0, Map.of(
            Command.READ, "every file listed was read; files skipped (FIFOs, sockets, devices, links, second names) "
                    + "or already cached do not count against it, nor does a --max-bytes bound reached, nor files of a "
                    + "--replay snapshot that no longer exist",
            Command.ORDER, "every file listed was printed",
            Command.STATUS, "every file listed was measured (or is of unknown residency), and with --min-percent "
                    + "enough of it was resident",
            Command.EVICT, "every file listed was evicted",
            Command.LOCK, "every file listed was locked, and a signal ended the lock (its normal end)",
            Command.BENCH, "every run ended well",
            Command.TESTDATA_GEN, "the tree was written")),
    SOME_FAILED(1, Map.of(
            Command.READ, "the run finished, but some files or directories could not be read (cached pages that "
                    + "cannot be read among them), or changed between "
                    + "listing and reading, or a name in the --files-from list does not exist; with --watch, also a "
                    + "file new or changed while it followed that could not be read",
            Command.ORDER, "some files or directories could not be listed or opened",
            Command.STATUS, "some files or directories could not be opened, or changed since they were listed, or "
                    + "some cached pages could not be read (an I/O error), or files were left out of the --save "
                    + "snapshot because a replay would not read them (a name longer than 16 MiB, no room left in "
                    + "the 1 GiB of a snapshot)",
            Command.EVICT, "some files or directories could not be opened or evicted, or pages of some stay in the "
                    + "page cache (dirty ones with --no-writeback, or pages a process maps or locks), each told",
            Command.LOCK, "some files or directories could not be locked (with --watch: also files new or changed "
                    + "while it followed)",
            Command.BENCH, "a run failed: a read could not read every file or read none, or a --vs command did not "
                    + "exit 0 or ran out of time; or bench stopped: a --prepare or --conclude command did not exit 0 "
                    + "or ran out of time, or the page cache could not be made ready",
            Command.TESTDATA_GEN, "an I/O error stopped the run, or a directory it made was swapped for another or "
                    + "a symbolic link (what was written stays; nothing is made through a swapped directory)")),
    /** As grep exits 1 for no match: a typo in a cron job's pattern does not warm nothing in silence. */
    NO_MATCH(1, Map.of(
            Command.READ, "the filters left out every file",
            Command.STATUS, "the filters left out every file",
            Command.EVICT, "the filters left out every file",
            Command.LOCK, "the filters left out every file")),
    NOT_RESIDENT(1, Map.of(Command.STATUS, "less than --min-percent of the pages was resident")),
    USAGE(2, Map.of(
            Command.READ, "usage error (a bad GLOB, --min-size above --max-size, a --range whose START is not below "
                    + "END, a --replay snapshot that cannot be read), or a PATH or the --files-from list does not exist "
                    + "or cannot be used (the other PATHs are still read)",
            Command.ORDER, "usage error, or a PATH does not exist or cannot be used",
            Command.STATUS, "usage error, or a PATH does not exist or cannot be used",
            Command.EVICT, "usage error, or a PATH does not exist or cannot be used",
            Command.LOCK, "usage error, a PATH cannot be used, --pidfile is locked by another lock, names a live "
                    + "process or what is no pid file (a symbolic link, a FIFO, a file holding no pid), --while names no running process, or "
                    + "--daemon was given inside a Slurm step (the message says what to run)",
            Command.RUN, "usage error (no -- COMMAND, say), --every-node outside a Slurm allocation, or a --learn "
                    + "FILE that holds no snapshot or cannot be made (COMMAND not run)",
            Command.BENCH, "usage error (a --variant that is not read options, say), a PATH cannot be used, or "
                    + "--drop-caches without root",
            Command.TESTDATA_GEN, "usage error, or OUT is not empty (without --force) or already holds a name the set "
                    + "would create; or, without libc, others can change OUT or a directory above it")),
    CANNOT_LOCK(2, Map.of(Command.LOCK, "the set cannot be locked whole (RLIMIT_MEMLOCK, the memory there is, "
            + "vm.max_map_count): said in one line before anything is locked")),
    /** Follow mode cannot start: nothing is held, or warm, past that line. */
    CANNOT_FOLLOW(2, Map.of(
            Command.READ, "--watch cannot watch the tree: fs.inotify.max_user_watches is too low for its "
                    + "directories (the line says the number needed and the sysctl that raises it), inotify is refused, "
                    + "or --files-from was given",
            Command.LOCK, "--watch cannot watch the tree (as for dirdump --watch): what was locked is "
                    + "unlocked")),
    /** As coreutils exit when stdout cannot be written (/dev/full, a closed descriptor). */
    WRITE_ERROR(2, Map.of(
            Command.READ, "stdout cannot be written (dirdump: write error: No space left on device)",
            Command.ORDER, "stdout cannot be written",
            Command.STATUS, "stdout, or the --save snapshot, cannot be written",
            Command.EVICT, "stdout cannot be written",
            Command.LOCK, "stdout cannot be written",
            Command.BENCH, "stdout cannot be written",
            Command.RUN, "with --learn, COMMAND exited 0 but the snapshot could not be saved")),
    /** As env, nice and timeout fail when they cannot run their command. */
    NOT_RUN(125, Map.of(Command.RUN, "the warm-up failed, the set could not be locked, or a PATH of --learn "
            + "cannot be used: COMMAND was not run (--keep-going runs it anyway after a warm-up)")),
    /**
     * sysexits.h's EX_SOFTWARE: no fault of the command line, so not 2, which a script may take for its
     * own mistake. What the run counted can no longer be trusted: there is no summary.
     */
    INTERNAL(70, internal()),
    /** As the shell says. */
    CANNOT_EXECUTE(126, Map.of(Command.RUN, "COMMAND was found but cannot be run")),
    /** As the shell says. */
    NOT_FOUND(127, Map.of(Command.RUN, "COMMAND was not found")),
    /** 128 + 1, as a shell reports a program a signal ended. */
    HANGUP(129, stopped("SIGHUP (the terminal closed)")),
    /** 128 + 2. */
    INTERRUPTED(130, stopped("SIGINT (Ctrl-C)")),
    /** 128 + 13: the JVM ignores SIGPIPE, so dirdump exits with a shell's status for it itself, as coreutils get. */
    READER_GONE(141, readerGone()),
    /** 128 + 15. */
    TERMINATED(143, stopped("SIGTERM"));

    /** The commands, by the name their help and man page have. */
    public enum Command {
        READ("dirdump"), ORDER("dirdump order"), STATUS("dirdump status"), EVICT("dirdump evict"),
        LOCK("dirdump lock"), RUN("dirdump run"), BENCH("dirdump bench"), TESTDATA_GEN("testdata-gen");

        /** As picocli's CommandSpec.qualifiedName() says it. */
        public final String qualifiedName;

        Command(String qualifiedName) {
            this.qualifiedName = qualifiedName;
        }
    }

    public final int status;
    /** What the status means for each command it applies to. */
    private final Map<Command, String> meaning;

    /** The exit status of a run over the listing, from what went wrong in it. */
    public static ExitCode of(dirdump.scan.WalkResult walk, dirdump.outcome.Tally tally) {
        return of(walk, tally, 0, false);
    }

    /**
     * As above, for a run that a signal (its number, or 0) may have stopped; {@code noMatch}: the
     * filters left out every file ({@link NoMatch}).
     */
    public static ExitCode of(dirdump.scan.WalkResult walk, dirdump.outcome.Tally tally, int signal, boolean noMatch) {
        if (signal != 0) {
            return stoppedBy(signal);
        }
        return walk.unusablePaths > 0 ? USAGE
                : tally.errors() + tally.changed() > 0 ? SOME_FAILED : noMatch ? NO_MATCH : OK;
    }

    /** A command stopped by SIGINT, SIGTERM or SIGHUP. */
    public static ExitCode stoppedBy(int signal) {
        return signal == 2 ? INTERRUPTED : signal == 1 ? HANGUP : TERMINATED;
    }

    ExitCode(int status, Map<Command, String> meaning) {
        this.status = status;
        this.meaning = meaning;
    }

    /** What a signal's status means for each command: what it was stopped after. */
    private static Map<Command, String> stopped(String signal) {
        String by = "stopped by " + signal;
        return Map.of(
                Command.READ, by + ", after the summary of what was done",
                Command.ORDER, "ended by " + signal + " at once: there is no summary",
                Command.STATUS, by + ", after the totals of what was measured",
                Command.EVICT, by + ", after the summary of what was evicted",
                Command.LOCK, by + " before every file was locked",
                Command.RUN, by + " during the warm-up: COMMAND was not run",
                Command.BENCH, by + ", after the results of the runs before");
    }

    /** What 70 means: the same for every command. */
    private static Map<Command, String> internal() {
        Map<Command, String> meaning = new EnumMap<>(Command.class);
        for (Command c : List.of(Command.READ, Command.ORDER, Command.STATUS, Command.EVICT, Command.LOCK, Command.RUN,
                Command.BENCH)) {
            meaning.put(c, "out of memory, or an internal error (a bug: please report it); one line says which, and "
                    + "there is no summary");
        }
        return meaning;
    }

    /** What 141 means: the same for every command that writes to stdout. */
    private static Map<Command, String> readerGone() {
        String gone = "the reader of stdout went away (a closed pipe, as | head): it ends at once and says nothing";
        Map<Command, String> meaning = new EnumMap<>(Command.class);
        for (Command c : List.of(Command.READ, Command.ORDER, Command.STATUS, Command.EVICT, Command.LOCK, Command.BENCH)) {
            meaning.put(c, gone);
        }
        return meaning;
    }

    /**
     * The statuses a command exits with, as its help lists them: the status ("N" for COMMAND's own), and
     * what it means, those that share a status joined; in the order of the statuses.
     */
    public static Map<String, String> list(Command command) {
        Map<Integer, List<String>> byStatus = new TreeMap<>();
        for (ExitCode code : values()) {
            String text = code.meaning.get(command);
            if (text != null) {
                byStatus.computeIfAbsent(code.status, s -> new ArrayList<>()).add(text);
            }
        }
        Map<String, String> list = new LinkedHashMap<>();
        byStatus.forEach((status, texts) -> list.put(status < 0 ? "N" : String.valueOf(status), String.join("; or ", texts)));
        return list;
    }
}
