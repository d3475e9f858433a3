package dirdump.report;

import com.google.gson.JsonObject;
import dirdump.order.LocateAll;
import dirdump.order.Locations;
import dirdump.outcome.Units;
import dirdump.run.OrderedFiles;
import dirdump.run.PassFacts;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.function.IntToLongFunction;

/** {@code dirdump order}: the files in order, a line each on stdout, and with --stats the figures on stderr. */
public final class OrderList {
    private OrderList() {
    }

    /** {@code nul}: -0, NUL-terminated raw names; {@code sizes}: each file's size for %s (see OrderedFiles#sizes). */
    public static void write(OrderedFiles files, LineFormat format, Locations locations, IntToLongFunction sizes,
                             boolean nul, PrintStream stdout) {
        OutputStream out = new BufferedOutputStream(stdout, 1 << 16);
        // A failed write throws from stdout's own stream (dirdump.CheckedStdout) as the buffer is passed
        // on: a closed pipe (| head) ends the listing within 64 KiB of it.
        try {
            for (int f : files.sequence()) {
                format.write(out, f, files.walk(), locations, sizes, nul);
                out.write(nul ? 0 : '\n');
            }
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);  // PrintStream does not throw; kept for the OutputStream contract
        }
    }

    /**
     * order --json: the record's members in {@code o}, then files (how many in the order), devices, with
     * --stats seek_distance_mib ({@code all}, else null), then those of {@link CommonSummary}.
     */
    public static void printJson(OrderedFiles files, LocateAll.Result all, PassFacts facts, JsonObject o, PrintStream out) {
        o.addProperty("files", files.sequence().length);
        new OrderReport(files.plan().devices(), all).addTo(o);
        CommonSummary.addTo(facts, o);
        JsonSummary.println(o, out);
    }

    /** --stats: how many files in which order, the times, and each device's order and seek distance. */
    public static void stats(OrderedFiles files, LocateAll.Result all, PrintStream stderr) {
        PrintStream err = Wrapped.of(stderr);
        err.printf(Locale.ROOT, "dirdump: %s in order %s; seconds: listing %.3f, ordering %.3f, locating %.3f%n",
                Units.count(files.sequence().length, "file", "files"), files.order().key(), files.listingNanos() / 1e9,
                files.orderingNanos() / 1e9, (files.locatingNanos() + all.nanos()) / 1e9);
        for (String line : new OrderReport(files.plan().devices(), all).lines()) {
            err.println("  " + line);
        }
    }
}
