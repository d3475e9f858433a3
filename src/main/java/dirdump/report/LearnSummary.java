package dirdump.report;

import com.google.gson.JsonObject;
import dirdump.cache.LearnedSnapshot;
import dirdump.outcome.Units;
import dirdump.run.Learning;
import java.io.PrintStream;
import java.util.Locale;

/**
 * run --learn's one line on stderr, once COMMAND has ended: how it was learned (fanotify, or residency
 * alone and why) and what the snapshot holds now.
 */
public final class LearnSummary {
    private LearnSummary() {
    }

    public static void print(String file, Learning.Learned learned, PrintStream stderr) {
        if (learned.saved() == null) {
            return;  // COMMAND not run, or the snapshot not saved: said already
        }
        stderr.println(line(file, learned));
        stderr.flush();
    }

    /**
     * The JSON record of run --learn --json, on stdout once COMMAND has ended: {@code record}'s members, then
     * what was learned ({@code learn}); its exit_status is the learning's own (0 saved, 1 files left out of
     * the snapshot, beyond its bounds), COMMAND's is {@code learn.command_exit_status}. None if nothing was saved.
     */
    public static void json(Learning.Learned learned, JsonObject record, PrintStream stdout) {
        LearnedSnapshot.Saved saved = learned.saved();
        if (saved == null) {
            return;
        }
        JsonObject learn = new JsonObject();
        learn.addProperty("method", learned.method().name().toLowerCase(Locale.ROOT));
        learn.addProperty("fallback_reason", learned.fallback());
        learn.addProperty("processes", learned.processes());
        learn.addProperty("files_learned", saved.learned());
        learn.addProperty("bytes_learned", saved.learnedBytes());
        learn.addProperty("files_merged", saved.merged());
        learn.addProperty("files_unknown", learned.unknown());
        learn.addProperty("files", saved.files());
        learn.addProperty("bytes", saved.bytes());
        learn.addProperty("command_exit_status", learned.status());
        record.add("learn", learn);
        record.addProperty("exit_status", saved.leftOut() ? 1 : 0);
        JsonSummary.println(record, stdout);
    }

    /**
     * "dirdump: run --learn s: learned 4 files, 1.5 MiB by fanotify (3 of COMMAND's processes opened
     * them); s holds 6 files, 2.0 MiB (1 learned before too, 2 kept from before)".
     */
    static String line(String file, Learning.Learned learned) {
        String how = learned.method() == Learning.Method.FANOTIFY
                ? "by fanotify (" + Units.count(learned.processes(), "process", "processes") + " of COMMAND's opened them)"
                : "by residency alone (fanotify not used: " + learned.fallback() + "; the pages any process brought in "
                + "under the PATHs)";
        LearnedSnapshot.Saved saved = learned.saved();
        long kept = saved.files() - saved.learned();
        String unknown = learned.unknown() == 0 ? "" : String.format(Locale.ROOT, "; %s of unknown residency not "
                + "learned (neither owned nor writable by you: the kernel does not say)",
                Units.count(learned.unknown(), "file", "files"));
        return String.format(Locale.ROOT, "dirdump: run --learn %s: learned %s, %s %s; %s holds %s, %s%s%s", file,
                Units.count(saved.learned(), "file", "files"), Units.bytes(saved.learnedBytes()), how, file,
                Units.count(saved.files(), "file", "files"), Units.bytes(saved.bytes()),
                saved.merged() + kept == 0 ? "" : String.format(Locale.ROOT, " (%,d learned before too, %,d kept from "
                        + "before)", saved.merged(), kept), unknown);
    }
}
