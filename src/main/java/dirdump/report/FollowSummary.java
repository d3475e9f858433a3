package dirdump.report;

import dirdump.outcome.Units;
import dirdump.run.Following;
import java.io.PrintStream;
import java.util.Locale;

/** dirdump --watch's lines for people, on stderr: when it starts following, and what it did once stopped. */
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
}
