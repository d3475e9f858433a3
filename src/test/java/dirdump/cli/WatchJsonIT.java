package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dirdump.testing.BuiltJar;
import dirdump.testing.LockedMemory;
import dirdump.testing.PageCache;
import dirdump.testing.RunSchema;
import dirdump.testing.Trees;
import dirdump.testing.Until;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --watch --json: once following ends (SIGTERM here), one more record says what following did, and it validates. */
class WatchJsonIT {
    private static final Duration CATCH_UP = Duration.ofSeconds(20);

    @TempDir
    Path tmp;

    private static long pages(Path f) throws Exception {
        return (Files.size(f) + 4095) / 4096 * 4096;
    }

    /** dirdump with {@code args}, started; its stdout and stderr into files of tmp. */
    private Process start(String... args) throws Exception {
        return BuiltJar.builder(args).redirectOutput(tmp.resolve("out").toFile())
                .redirectError(tmp.resolve("err").toFile()).redirectInput(new File("/dev/null")).start();
    }

    private List<String> out() throws Exception {
        return Files.readAllLines(tmp.resolve("out"));
    }

    /** SIGTERM (once: a second one ends dirdump at once), then its two records, each validated; the process's exit status 0, as a lock's or a watch's normal end. */
    private List<JsonObject> stopped(Process p) throws Exception {
        p.destroy();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "ended by SIGTERM");
        String err = Files.readString(tmp.resolve("err"));
        assertEquals(0, p.exitValue(), err);
        List<String> lines = out();
        assertEquals(2, lines.size(), String.join("\n", lines) + err);
        lines.forEach(RunSchema::check);
        return lines.stream().map(l -> JsonParser.parseString(l).getAsJsonObject()).toList();
    }

    @Test
    void lockWatchJsonEndsWithARecordOfTheFilesLockedAndUnlockedWhileFollowing() throws Exception {
        Path data = tmp.resolve("data");
        List<Path> files = Trees.randomTree(data, 10, 16_000, 3);
        long set = 0;
        for (Path f : files) {
            set += pages(f);
        }
        long gone = pages(files.get(0));
        Process p = start("lock", "--watch", "--json", data.toString());
        try {
            Until.holds(CATCH_UP, "the lock's record", () -> out().size() == 1);
            long grown = set + (1 << 20);
            Trees.file(data.resolve("new/added"), 1 << 20, 1);
            Until.holds(CATCH_UP, "the new file locked", () -> LockedMemory.of(p.pid()) == grown);
            long removed = grown - gone;
            Files.delete(files.get(0));
            Until.holds(CATCH_UP, "the removed file unlocked", () -> LockedMemory.of(p.pid()) == removed);
            // A link put in the tree, to a file outside it: not followed, counted; a file after it, locked, says
            // the link's event was handled (in order).
            Files.createSymbolicLink(data.resolve("link"), Trees.file(tmp.resolve("outside"), 1 << 20, 2));
            Trees.file(data.resolve("new/later"), 8192, 3);
            Until.holds(CATCH_UP, "the file after the link locked", () -> LockedMemory.of(p.pid()) == removed + 8192);
        } catch (Exception | AssertionError e) {
            p.destroyForcibly();
            throw e;
        }
        List<JsonObject> records = stopped(p);
        assertEquals(10, records.get(0).get("files_locked").getAsLong());
        JsonObject last = records.get(1);
        assertEquals("lock", last.get("command").getAsString());
        assertEquals("mlock", last.getAsJsonObject("settings").get("method").getAsString(), "the lock's settings");
        JsonObject watch = last.getAsJsonObject("watch");
        assertEquals("locked", watch.get("kept").getAsString());
        assertEquals(11, watch.get("files").getAsLong(), "10 - 1 removed + 2 created");
        assertEquals(set + (1 << 20) - gone + 8192, watch.get("bytes").getAsLong());
        assertEquals(1, watch.get("files_unlocked").getAsLong());
        assertEquals(0, watch.get("failures").getAsLong());
        assertEquals(1, watch.get("refused").getAsLong(), "the link");
        assertTrue(watch.get("events").getAsLong() >= 2, watch.toString());
        assertTrue(watch.get("batches").getAsLong() >= 1, watch.toString());
        assertTrue(watch.get("directories").getAsLong() >= 2, "the new directory joined: " + watch);
        assertEquals("SIGTERM", last.get("stopped_by").getAsString());
        assertEquals(0, last.get("exit_status").getAsInt());
        watch.remove("events");
        assertFalse(RunSchema.errors(last.toString()).isEmpty(), "every member of watch is required");
        watch.addProperty("events", 1);
        last.addProperty("files_locked", 10);
        assertFalse(RunSchema.errors(last.toString()).isEmpty(), "the lock's own members are not repeated");
    }

    @Test
    void watchJsonEndsWithARecordOfTheFilesReadWhileFollowing() throws Exception {
        Path data = tmp.resolve("data");
        Trees.randomTree(data, 5, 16_000, 2);
        Process p = start("--watch", "--json", "--force", data.toString());
        Path moved = data.resolve("moved");
        try {
            Until.holds(CATCH_UP, "the read's record", () -> out().size() == 1);
            // Written outside the tree and evicted, then renamed in: not cached, so read.
            Path made = tmp.resolve("made");
            Trees.file(made, 256 << 10, 7);
            PageCache.evict(List.of(made));
            Files.move(made, moved);
            Until.holds(CATCH_UP, "the moved-in file read", () -> PageCache.residentPages(moved) == 64);
        } catch (Exception | AssertionError e) {
            p.destroyForcibly();
            throw e;
        }
        List<JsonObject> records = stopped(p);
        assertEquals(5, records.get(0).get("files_read").getAsLong());
        JsonObject last = records.get(1);
        assertEquals("read", last.get("command").getAsString());
        assertTrue(last.getAsJsonObject("settings").get("force").getAsBoolean(), "the read's settings");
        JsonObject watch = last.getAsJsonObject("watch");
        assertEquals("warm", watch.get("kept").getAsString());
        assertEquals(1, watch.get("files").getAsLong());
        assertEquals(256 << 10, watch.get("bytes").getAsLong());
        assertEquals(0, watch.get("files_unlocked").getAsLong());
        assertEquals(0, watch.get("refused").getAsLong());
        assertTrue(watch.get("events").getAsLong() >= 1, watch.toString());
        assertEquals("SIGTERM", last.get("stopped_by").getAsString());
        assertEquals(0, last.get("exit_status").getAsInt());
    }
}
