package dirdump.report;

import com.google.gson.JsonObject;
import dirdump.lock.LockedSet;
import dirdump.outcome.Units;
import dirdump.run.PassFacts;
import java.io.PrintStream;
import java.util.Locale;

/** The summary of a lock, once every file is locked: for people on stderr, or as one JSON object on stdout. */
public final class LockSummary {
    private LockSummary() {
    }

    /** {@code waiting}: what ends the lock ("waiting for SIGINT, SIGTERM or SIGHUP"), or null. */
    public static void print(LockedSet set, PassFacts facts, String waiting, PrintStream stderr) {
        PrintStream err = Wrapped.of(stderr);
        err.printf(Locale.ROOT, "dirdump: locked %s, %s in memory%n",
                Units.count(set.lockedFiles(), "file", "files"), Units.bytes(set.lockedBytes()));
        if (set.leftOutFiles() > 0) {
            err.printf(Locale.ROOT, "  left out by --max-locked: %s, %s, from the first that did not fit%n",
                    Units.count(set.leftOutFiles(), "file", "files"), Units.bytes(set.leftOutBytes()));
        }
        for (String line : CommonSummary.lines(facts)) {
            err.println("  " + line);
        }
        if (waiting != null) {
            err.println("  " + waiting);
        }
    }

    /** The one line when the lock ends: "dirdump: released 3 files, 12.0 MiB (SIGTERM)". */
    public static void released(long files, long bytes, String signal, PrintStream err) {
        err.printf(Locale.ROOT, "dirdump: released %s, %s (%s)%n", Units.count(files, "file", "files"),
                Units.bytes(bytes), signal);
        err.flush();
    }

    /**
     * After the record's members in {@code o}: files_locked, bytes_locked, left_out, refused (why the
     * set could not be locked, or null), pid (null if refused), then those of {@link CommonSummary}.
     */
    public static void printJson(LockedSet set, PassFacts facts, String refusal, JsonObject o, PrintStream out) {
        o.addProperty("files_locked", set.lockedFiles());
        o.addProperty("bytes_locked", set.lockedBytes());
        JsonObject leftOut = new JsonObject();
        leftOut.addProperty("files", set.leftOutFiles());
        leftOut.addProperty("bytes", set.leftOutBytes());
        o.add("left_out", leftOut);
        o.addProperty("refused", refusal);
        o.addProperty("pid", refusal == null ? ProcessHandle.current().pid() : null);
        CommonSummary.addTo(facts, o);
        JsonSummary.println(o, out);
    }
}
