package dirdump.report;

import java.io.PrintStream;
import java.util.Locale;
import java.util.StringJoiner;

/** The summary for people, on stderr. */
public final class HumanSummary {
    private HumanSummary() {
    }

    public static void print(RunSummary s, PrintStream err) {
        Tally t = s.tally();
        err.printf(Locale.ROOT, "dirdump: read %,d files, %s in %.3f s (%.1f MB/s, %,.0f files/s)%n",
                t.filesRead(), bytes(t.bytesRead()), s.seconds(), s.megabytesPerSecond(), s.filesPerSecond());
        StringJoiner reasons = new StringJoiner(", ");
        for (SkipReason r : SkipReason.values()) {
            if (t.skipped(r) > 0) {
                reasons.add(r.text + " " + t.skipped(r));
            }
        }
        if (t.changed() > 0) {
            reasons.add("changed since listed " + t.changed());
        }
        err.printf(Locale.ROOT, "  skipped: %,d%s%n", t.skippedTotal(),
                reasons.length() > 0 ? " (" + reasons + ")" : "");
        if (t.filteredTotal() > 0) {
            StringJoiner by = new StringJoiner(", ");
            for (FilterReason r : FilterReason.values()) {
                if (t.filtered(r) > 0) {
                    by.add(r.text + " " + t.filtered(r));
                }
            }
            err.printf(Locale.ROOT, "  filtered: %,d (%s)%n", t.filteredTotal(), by);
        }
        err.printf(Locale.ROOT, "  errors: %,d%s%n", t.errors(),
                s.unusablePaths() > 0 ? ", PATHs not found or unusable: " + s.unusablePaths() : "");
        err.printf(Locale.ROOT, "  %,d directories; order %s; %s with %s, %d reader%s, %s buffer%n",
                t.directories(), s.order(), s.method(), s.io(), s.jobs(), s.jobs() == 1 ? "" : "s",
                bytes(s.bufferSize()));
        err.printf(Locale.ROOT, "  seconds: listing %.3f, ordering %.3f, locating %.3f, reading %.3f%n",
                s.listingNanos() / 1e9, s.orderingNanos() / 1e9, s.locatingNanos() / 1e9, s.readingNanos() / 1e9);
        for (SummarySection section : s.sections()) {
            for (String line : section.lines()) {
                err.println("  " + line);
            }
        }
    }

    /** Bytes in binary units, as ls -h and du -h show them. */
    public static String bytes(long n) {
        if (n < 1024) {
            return n + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB"};
        double v = n;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }
}
