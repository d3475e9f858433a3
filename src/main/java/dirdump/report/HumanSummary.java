package dirdump.report;

import dirdump.outcome.SkipReason;
import dirdump.outcome.Tally;
import dirdump.outcome.Units;
import dirdump.run.ReadResult;
import java.io.PrintStream;
import java.util.Locale;
import java.util.StringJoiner;

/** The summary for people, on stderr. */
public final class HumanSummary {
    private HumanSummary() {
    }

    public static void print(ReadResult s, PrintStream stderr) {
        PrintStream err = Wrapped.of(stderr);
        Tally t = s.tally();
        err.printf(Locale.ROOT, "dirdump: read %s, %s in %.3f s (%.1f MiB/s, %,.0f files/s)%n",
                Units.count(t.filesRead(), "file", "files"), Units.bytes(t.bytesRead()), s.seconds(), s.mebibytesPerSecond(),
                s.filesPerSecond());
        err.println("  " + skipped(t));
        if (t.filteredTotal() > 0) {
            err.println("  " + filtered(t));
        }
        if (t.holes() > 0) {
            err.println("  holes: " + Units.bytes(t.holes()) + " of sparse files left out (they read as zeros)");
        }
        if (t.cachedLeft() > 0) {
            err.println("  cached: " + Units.bytes(t.cachedLeft()) + " left alone, in the page cache already");
        }
        err.println("  " + errors(t, s.unusablePaths()));
        err.printf(Locale.ROOT, "  %s; order %s; %s with %s, %s, %s buffer%n",
                Units.count(t.directories(), "directory", "directories"), s.order(), s.method(), s.io(),
                Units.count(s.readers(), "reader", "readers"), Units.bytes(s.bufferSize()));
        err.printf(Locale.ROOT, "  seconds: listing %.3f, ordering %.3f, locating %.3f, reading %.3f%n",
                s.listingNanos() / 1e9, s.orderingNanos() / 1e9, s.locatingNanos() / 1e9, s.readingNanos() / 1e9);
        for (SummarySection section : ReadSections.of(s)) {
            for (String line : section.lines()) {
                err.println("  " + line);
            }
        }
    }

    /** "skipped: 3 (symbolic link 1, FIFO 2)". */
    public static String skipped(Tally t) {
        StringJoiner reasons = new StringJoiner(", ");
        for (SkipReason r : SkipReason.values()) {
            if (!r.byFilter && t.skipped(r) > 0) {
                reasons.add(String.format(Locale.ROOT, "%s %,d", r.text, t.skipped(r)));
            }
        }
        if (t.changed() > 0) {
            reasons.add(String.format(Locale.ROOT, "changed since listed %,d", t.changed()));
        }
        return String.format(Locale.ROOT, "skipped: %,d%s", t.skippedTotal(), reasons.length() > 0 ? " (" + reasons + ")" : "");
    }

    /** "filtered: 4 (pattern 3, size 1)": entries the user's filters left out. */
    public static String filtered(Tally t) {
        StringJoiner by = new StringJoiner(", ");
        for (SkipReason r : SkipReason.values()) {
            if (r.byFilter && t.skipped(r) > 0) {
                by.add(String.format(Locale.ROOT, "%s %,d", r.text, t.skipped(r)));
            }
        }
        return String.format(Locale.ROOT, "filtered: %,d (%s)", t.filteredTotal(), by);
    }

    /** "errors: 2, PATHs not found or unusable: 1". */
    public static String errors(Tally t, int unusablePaths) {
        return String.format(Locale.ROOT, "errors: %,d%s", t.errors(),
                unusablePaths > 0 ? ", PATHs not found or unusable: " + unusablePaths : "");
    }

}
