package dirdump.report;

import com.google.gson.JsonObject;
import dirdump.outcome.SkipReason;
import dirdump.outcome.Tally;
import dirdump.outcome.Units;
import dirdump.run.PassFacts;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;

/**
 * The part of the summary every pass has (a read, status, evict, lock), after its own first numbers:
 * what was skipped and failed, how (order, method, I/O), how long each phase took, and the exit status:
 * the {@link PassFacts}, for people and as JSON members, with what the pass adds in between
 * ({@link Detail}).
 */
public final class CommonSummary {
    /** What a pass adds to the common part, in the places it goes; status, evict and lock add {@link #NONE}. */
    interface Detail {
        /** After "skipped": counts of the pass's own. */
        default SummarySection counts() {
            return NO_SECTION;
        }

        /** The end of the line "D directories; order O; ...", after the order. */
        default String how(PassFacts f) {
            return String.format(Locale.ROOT, "residency by %s; %s", f.how().method(), f.how().io());
        }

        /** Members after "io". */
        default void addHow(JsonObject o) {
        }

        /** After the seconds, before stopped_by. */
        default List<SummarySection> sections() {
            return List.of();
        }

        /** After stopped_by, before the exit status. */
        default List<SummarySection> last() {
            return List.of();
        }
    }

    static final Detail NONE = new Detail() {
    };

    private static final SummarySection NO_SECTION = new SummarySection() {
        @Override
        public List<String> lines() {
            return List.of();
        }

        @Override
        public void addTo(JsonObject json) {
        }
    };

    private CommonSummary() {
    }

    /** The lines under the first of the summary for people, of a pass that adds nothing to them. */
    public static List<String> lines(PassFacts f) {
        return lines(f, NONE);
    }

    static List<String> lines(PassFacts f, Detail d) {
        List<String> lines = new ArrayList<>();
        lines.add(skipped(f.tally()));
        lines.addAll(d.counts().lines());
        lines.add(errors(f.tally(), f.unusablePaths()));
        lines.add(String.format(Locale.ROOT, "%s; order %s; %s",
                Units.count(f.tally().directories(), "directory", "directories"), f.how().order(), d.how(f)));
        StringJoiner seconds = new StringJoiner(", ", "seconds: ", "");
        f.phases().forEach(p -> seconds.add(String.format(Locale.ROOT, "%s %.3f", p.name(), p.nanos() / 1e9)));
        lines.add(seconds.toString());
        for (SummarySection section : sections(f, d)) {
            lines.addAll(section.lines());
        }
        return lines;
    }

    /** Members skipped, errors, unusable_paths, directories, order, method, io, seconds, stopped_by, exit_status. */
    public static void addTo(PassFacts f, JsonObject o) {
        addTo(f, NONE, o);
    }

    static void addTo(PassFacts f, Detail d, JsonObject o) {
        o.add("skipped", skippedJson(f.tally()));
        d.counts().addTo(o);
        o.addProperty("errors", f.tally().errors());
        o.addProperty("unusable_paths", f.unusablePaths());
        o.addProperty("directories", f.tally().directories());
        o.addProperty("order", f.how().order());
        o.addProperty("method", f.how().method());
        o.addProperty("io", f.how().io());
        d.addHow(o);
        JsonObject seconds = new JsonObject();
        seconds.addProperty("total", f.totalNanos() / 1e9);
        f.phases().forEach(p -> seconds.addProperty(p.name(), p.nanos() / 1e9));
        o.add("seconds", seconds);
        for (SummarySection section : sections(f, d)) {
            section.addTo(o);
        }
        o.addProperty("exit_status", f.ending().exit().status);
    }

    /** The pass's sections, then the signal that stopped it, then the pass's last. */
    private static List<SummarySection> sections(PassFacts f, Detail d) {
        List<SummarySection> sections = new ArrayList<>(d.sections());
        if (f.ending().stoppedBy() != null) {
            sections.add(new StoppedBySignal(f.ending().stoppedBy()));
        }
        sections.addAll(d.last());
        return sections;
    }

    /** "skipped: 3 (symbolic link 1, FIFO 2)". */
    private static String skipped(Tally t) {
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

    /** {"total": N, "symlink": N, ..., "changed": N}. */
    private static JsonObject skippedJson(Tally t) {
        JsonObject skipped = new JsonObject();
        skipped.addProperty("total", t.skippedTotal());
        for (SkipReason r : SkipReason.values()) {
            if (!r.byFilter) {
                skipped.addProperty(r.key, t.skipped(r));
            }
        }
        skipped.addProperty("changed", t.changed());
        return skipped;
    }

    /** "errors: 2, PATHs not found or unusable: 1". */
    private static String errors(Tally t, int unusablePaths) {
        return String.format(Locale.ROOT, "errors: %,d%s", t.errors(),
                unusablePaths > 0 ? ", PATHs not found or unusable: " + unusablePaths : "");
    }
}
