package dirdump.report;

import com.google.gson.JsonObject;
import dirdump.outcome.SkipReason;
import dirdump.outcome.Tally;
import dirdump.outcome.Units;
import dirdump.run.Replay;
import java.util.List;
import java.util.Locale;

/** "replay: snap: 3 files, 1.5 MiB resident when saved; 1 no longer exists, 1 changed since" (", 2 refused": their lines say why). */
record ReplaySection(Replay replay, Tally tally) implements SummarySection {
    @Override
    public List<String> lines() {
        long gone = tally.skipped(SkipReason.GONE);
        return List.of(String.format(Locale.ROOT, "replay: %s: %s, %s resident when saved; %,d no longer "
                + "exist%s, %,d changed since%s", replay.file(), Units.count(replay.files(), "file", "files"),
                Units.bytes(replay.residentBytes()), gone, gone == 1 ? "s" : "", replay.changed(),
                replay.refused() == 0 ? "" : String.format(Locale.ROOT, ", %,d refused",
                        replay.refused())));
    }

    @Override
    public void addTo(JsonObject json) {
        JsonObject o = new JsonObject();
        o.addProperty("file", replay.file());
        o.addProperty("files", replay.files());
        o.addProperty("resident_bytes", replay.residentBytes());
        o.addProperty("gone", tally.skipped(SkipReason.GONE));
        o.addProperty("changed", replay.changed());
        o.addProperty("refused", replay.refused());
        json.add("replay", o);
    }
}
