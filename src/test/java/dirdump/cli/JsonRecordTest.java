package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dirdump.testing.DirdumpRun;
import dirdump.testing.RunSchema;
import dirdump.testing.Trees;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The record every --json begins with, and the schema each command's record validates against. */
class JsonRecordTest {
    @TempDir
    Path tmp;

    @Test
    void aReadRecordSaysWhatRanWhereWhenAndWithWhichSettings() throws Exception {
        Trees.randomTree(tmp, 20, 10_000, 1);
        Instant before = Instant.now().minusMillis(1);
        JsonObject o = DirdumpRun.json("--force", "-j", 3, "--buffer-size", "64k", "--include", "*", tmp).summary();
        Instant after = Instant.now().plusMillis(1);

        assertEquals(1, o.get("schema_version").getAsInt());
        assertEquals("read", o.get("command").getAsString());
        assertEquals(DirdumpRun.of("--version").out().lines().findFirst().orElseThrow(),
                "dirdump " + o.get("dirdump_version").getAsString());
        assertEquals(Files.readString(Path.of("/proc/sys/kernel/hostname")).strip(), o.get("host").getAsString());
        Instant start = Instant.parse(o.get("started_at").getAsString());
        Instant end = Instant.parse(o.get("ended_at").getAsString());
        assertTrue(!start.isBefore(before.minusMillis(1)) && !start.isAfter(end) && !end.isAfter(after), start + " " + end);
        assertTrue(o.get("started_at").getAsString().endsWith("Z"), "UTC");
        assertEquals(tmp.toString(), o.getAsJsonArray("paths").get(0).getAsString());
        JsonObject settings = o.getAsJsonObject("settings");
        assertEquals(3, settings.get("readers").getAsInt());
        assertEquals(65536, settings.get("buffer_size").getAsInt());
        assertEquals("auto", settings.get("order").getAsString());
        assertEquals("read", settings.get("method").getAsString());
        assertEquals("*", settings.getAsJsonArray("include").get(0).getAsString());
        assertTrue(settings.get("bwlimit").isJsonNull());
        assertEquals(0, o.getAsJsonObject("reported_errors").get("count").getAsLong());
        assertEquals(20, o.get("files_read").getAsLong());
    }

    @Test
    void jsonSchemaPrintsTheSchemaTheRecordsValidateAgainstAndNothingElse() throws Exception {
        DirdumpRun r = DirdumpRun.of("--json-schema");
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.err());
        byte[] resource;
        try (var in = JsonRecordTest.class.getResourceAsStream(RunSchema.RESOURCE)) {
            resource = in.readAllBytes();
        }
        assertArrayEquals(resource, r.outBytes());
        JsonObject schema = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals("https://json-schema.org/draft/2020-12/schema", schema.get("$schema").getAsString());
        assertTrue(DirdumpRun.of("--help").out().contains("--json-schema"));
    }

    @Test
    void errorsAreListedWithTheirReasonTheFirst100AndCounted() throws Exception {
        Trees.file(tmp.resolve("here"), 100, 1);
        StringBuilder names = new StringBuilder(tmp.resolve("here") + "\n");
        for (int i = 0; i < 150; i++) {
            names.append(tmp.resolve("gone-" + i)).append('\n');
        }
        DirdumpRun run = DirdumpRun.withInput(names.toString().getBytes(StandardCharsets.UTF_8),
                "--force", "--json", "--files-from", "-");
        JsonObject o = run.summary();
        assertEquals(1, run.status(), run.err());
        assertEquals(1, o.get("exit_status").getAsInt());
        JsonObject errors = o.getAsJsonObject("reported_errors");
        assertEquals(150, errors.get("count").getAsLong());
        JsonArray first = errors.getAsJsonArray("first");
        assertEquals(100, first.size());
        JsonObject e = first.get(0).getAsJsonObject();
        assertEquals(tmp.resolve("gone-0").toString(), e.get("path").getAsString());
        assertEquals("dirdump: " + e.get("path").getAsString() + ": " + e.get("reason").getAsString(),
                run.err().lines().findFirst().orElseThrow(), "the same line as on stderr");
        assertEquals(1, o.get("files_read").getAsLong());
    }

    @Test
    void aMissingPathIsAnErrorOfTheRecordAndExitTwo() throws Exception {
        Trees.file(tmp.resolve("a"), 100, 1);
        for (String command : new String[] {"", "status", "evict"}) {
            Object[] args = command.isEmpty() ? new Object[] {tmp, tmp.resolve("missing")}
                    : new Object[] {command, tmp, tmp.resolve("missing")};
            DirdumpRun run = DirdumpRun.json(args);
            assertEquals(2, run.status(), command);
            JsonObject o = run.summary();
            assertEquals(command.isEmpty() ? "read" : command, o.get("command").getAsString());
            assertEquals(2, o.getAsJsonArray("paths").size());
            JsonObject e = o.getAsJsonObject("reported_errors").getAsJsonArray("first").get(0).getAsJsonObject();
            assertEquals(tmp.resolve("missing").toString(), e.get("path").getAsString());
            assertEquals("No such file or directory", e.get("reason").getAsString());
        }
    }

    @Test
    void statusRowsCarryEachFilesSizeAndEvictValidates() throws Exception {
        List<Path> files = Trees.randomTree(tmp, 12, 30_000, 3);
        Trees.file(tmp.resolve("empty"), 0, 0);
        JsonObject status = DirdumpRun.json("status", "-v", tmp).summary();
        Map<String, Long> sizes = new HashMap<>();
        for (JsonElement row : status.getAsJsonArray("per_file")) {
            sizes.put(row.getAsJsonObject().get("path").getAsString(), row.getAsJsonObject().get("size").getAsLong());
        }
        assertEquals(13, sizes.size());
        for (Path f : files) {
            assertEquals(Files.size(f), sizes.get(f.toString()), f.toString());
        }
        assertEquals(0L, sizes.get(tmp.resolve("empty").toString()));
        assertEquals("none", status.getAsJsonObject("settings").get("order").getAsString(), "status lists in walk order");

        JsonObject evict = DirdumpRun.json("evict", tmp).summary();
        assertEquals("evict", evict.get("command").getAsString());
        assertEquals(13, evict.get("files_evicted").getAsLong());
    }

    @Test
    void aRecordMissingAMemberOrWithOneUndocumentedIsRefused() throws Exception {
        Trees.file(tmp.resolve("a"), 100, 1);
        JsonObject o = DirdumpRun.json("--force", tmp).summary();
        o.remove("host");
        assertFalse(RunSchema.errors(o.toString()).isEmpty(), "host is required");
        o = DirdumpRun.json("--force", tmp).summary();
        o.addProperty("hidden", 1);
        assertFalse(RunSchema.errors(o.toString()).isEmpty(), "every member is documented");
        o = DirdumpRun.json("status", tmp).summary();
        o.addProperty("started_at", "yesterday");
        assertFalse(RunSchema.errors(o.toString()).isEmpty(), "times are ISO 8601 in UTC");
    }
}
