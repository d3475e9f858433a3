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

    /**
     * Files evicted: those measured with no page left after, and those of unknown residency (advised to
     * leave the cache, which cannot tell how much did).
     */
    static long files(ResidencyChange r) {
        return r.before().files() - r.after().filesResident() + r.before().unknownFiles();
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
            long stayed = r.after().filesResident();
            err.printf(Locale.ROOT, "  %,d page%s of %s still resident (each told above): dirty pages with "
                    + "--no-writeback, and pages a process maps or locks while it does%n", left, left == 1 ? "" : "s",
                    Units.count(stayed, "file", "files"));
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
