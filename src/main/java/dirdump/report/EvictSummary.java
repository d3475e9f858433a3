package dirdump.report;

import com.google.gson.JsonObject;
import dirdump.cache.ResidencyChange;
import dirdump.outcome.Units;
import dirdump.run.PassFacts;
import java.io.PrintStream;
import java.util.Locale;

/** The summary of an eviction: for people on stderr, or as one JSON object on stdout. */
public final class EvictSummary {
    private EvictSummary() {
    }

    /** Files advised to leave the cache: those measured and those of unknown residency. */
    static long files(ResidencyChange r) {
        return r.before().files() + r.before().unknownFiles();
    }

    public static void print(ResidencyChange r, PassFacts common, PrintStream stderr) {
        PrintStream err = Wrapped.of(stderr);
        long files = files(r);
        err.printf(Locale.ROOT, "dirdump: evicted %s from the page cache%n", Units.count(files, "file", "files"));
        for (String line : new ResidencySection(r).lines()) {
            err.println("  " + line);
        }
        long left = r.after().residentPages();
        if (left > 0) {
            err.printf(Locale.ROOT, "  %,d page%s still resident: dirty pages stay until they are written back (sync "
                    + "first), and pages a process maps or locks stay while it does%n", left, left == 1 ? "" : "s");
        }
        for (String line : CommonSummary.lines(common)) {
            err.println("  " + line);
        }
    }

    /** After the record's members in {@code o}: files_evicted, page_cache {before, after}, then those of {@link CommonSummary}. */
    public static void printJson(ResidencyChange r, PassFacts common, JsonObject o, PrintStream out) {
        o.addProperty("files_evicted", files(r));
        new ResidencySection(r).addTo(o);
        CommonSummary.addTo(common, o);
        JsonSummary.println(o, out);
    }
}
