package dirdump.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dirdump.outcome.Reporter;
import java.util.ArrayList;
import java.util.List;

/**
 * The error lines a command printed, for its JSON record: every one counted, the first {@link #KEPT}
 * kept, so that a tree of a million unreadable files costs no more memory than a hundred. Callers
 * hold the {@link Reporter}'s lock, which already orders the lines.
 */
final class ReportedErrors {
    static final int KEPT = 100;

    private final List<String[]> first = new ArrayList<>();
    private long count;

    void add(String path, String reason) {
        if (first.size() < KEPT) {
            first.add(new String[] {path, reason});
        }
        count++;
    }

    /** {"count": N, "first": [{"path": ..., "reason": ...}, ...]}. */
    JsonObject json() {
        JsonArray list = new JsonArray();
        for (String[] e : first) {
            JsonObject o = new JsonObject();
            o.addProperty("path", e[0]);
            o.addProperty("reason", e[1]);
            list.add(o);
        }
        JsonObject o = new JsonObject();
        o.addProperty("count", count);
        o.add("first", list);
        return o;
    }
}
