package dirdump.report;

import com.google.gson.JsonObject;
import java.util.List;

/** A part of the run summary that a feature adds: lines for people, members for --json. */
public interface SummarySection {
    /** Lines for the human summary, each shown indented under the first line. */
    List<String> lines();

    void addTo(JsonObject json);
}
