package dirdump.report;

import com.google.gson.JsonObject;
import dirdump.outcome.Units;
import dirdump.run.Following;
import java.io.PrintStream;
import java.util.Locale;

/**
 * dirdump --watch's lines for people, on stderr: when it starts following, and what it did once stopped;
 * or with --json, what it did as one more record on stdout. Both from the same numbers of {@link Following}.
 */
public final class FollowSummary {
    private FollowSummary() {
    }

    public static void following(long pid, PrintStream err) {
        err.printf(Locale.ROOT, "dirdump: following the tree until SIGINT, SIGTERM or SIGHUP (pid %d)%n", pid);
        err.flush();
    }

    public static void followed(Following following, String signal, PrintStream err) {
        err.printf(Locale.ROOT, "dirdump: followed until %s: %s read (%s); %s%n", signal,
                Units.count(following.files(), "file", "files"), Units.bytes(following.bytes()), following.described());
        err.flush();
    }

    /**
     * The record of --watch --json once following has ended ({@code record}: the mode's members, its command and
     * settings): {@code watch} (what following did), then stopped_by ({@code signal}, null: not by a signal) and
     * the exit status ({@code status}).
     */
    public static void json(Following following, String signal, int status, JsonObject record, PrintStream out) {
        JsonObject w = new JsonObject();
        w.addProperty("kept", following.locks() ? "locked" : "warm");
        w.addProperty("directories", following.directories());
        w.addProperty("events", following.events());
        w.addProperty("batches", following.batches());
        w.addProperty("rescans", following.rescans());
        w.addProperty("files", following.files());
        w.addProperty("bytes", following.bytes());
        w.addProperty("files_unlocked", following.released());
        w.addProperty("failures", following.failures());
        w.addProperty("refused", following.refused());
        record.add("watch", w);
        if (signal != null) {
            record.addProperty("stopped_by", signal);
        }
        record.addProperty("exit_status", status);
        JsonSummary.println(record, out);
    }
}
