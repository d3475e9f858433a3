package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dirdump.bench.BenchResults;
import dirdump.outcome.StopRequest;
import dirdump.report.BenchCsv;
import dirdump.report.BenchJson;
import dirdump.report.StderrReporter;
import dirdump.testdata.TestdataGen;
import dirdump.testing.AsUser;
import dirdump.testing.DirdumpRun;
import dirdump.testing.PageCache;
import dirdump.testing.SystemTests;
import dirdump.testing.Tmpfs;
import dirdump.testing.Trees;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** dirdump bench on small generated trees (200 files), with real eviction; one or two rounds. */
class BenchCommandTest {
    /** A row of the table: median, min, max, MiB/s, files/s, speedup, then the variant. */
    private static final Pattern ROW = Pattern.compile(
            "^ *(\\d+\\.\\d{3}) +(\\d+\\.\\d{3}) +(\\d+\\.\\d{3}) +(\\d+\\.\\d) +([\\d,]+) +(\\d+\\.\\d\\d)x  (.+)$");
    private static final List<String> DEFAULTS = List.of(
            "dirdump --nosort -j1", "dirdump --order=inode -j1", "dirdump --order=physical -j1", "dirdump");

    @TempDir
    Path tmp;

    /** The generator's files, created in shuffled order; {@code more}: its other options. */
    private static Path generate(Path out, int files, Object... more) {
        List<String> args = new ArrayList<>(List.of(out.toString(), "--files", String.valueOf(files), "--seed", "6"));
        Arrays.stream(more).map(String::valueOf).forEach(args::add);
        PrintStream sink = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        assertEquals(0, TestdataGen.run(args.toArray(String[]::new), sink, sink, false));
        return out;
    }

    private Path tree() {
        return generate(tmp.resolve("set"), 200, "--dirs", 4, "--depth", 2);
    }

    private static List<String> variantsOfTable(String out) {
        List<String> variants = new ArrayList<>();
        for (String line : out.split("\n")) {
            Matcher m = ROW.matcher(line);
            if (m.matches()) {
                variants.add(m.group(7));
            }
        }
        return variants;
    }

    private static List<String> progressLabels(String err) {
        List<String> labels = new ArrayList<>();
        // A run's line goes on below, indented, past 80 columns (see report.Wrapped).
        Matcher m = Pattern.compile("(?m)^dirdump: round \\d+ of \\d+: (.+): \\d+\\.\\d{3} s, ")
                .matcher(err.replaceAll("\n {4,}", " "));
        while (m.find()) {
            labels.add(m.group(1));
        }
        return labels;
    }

    private static List<Path> regularFiles(Path root) throws IOException {
        try (Stream<Path> all = Files.walk(root)) {
            return all.filter(Files::isRegularFile).collect(Collectors.toList());
        }
    }

    /** The fields of one CSV line, quoted fields unquoted (RFC 4180). */
    private static List<String> csvFields(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted && c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                field.append('"');
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                fields.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        fields.add(field.toString());
        return fields;
    }

    private static JsonObject variant(JsonObject results, String label) {
        for (JsonElement v : results.getAsJsonArray("variants")) {
            if (v.getAsJsonObject().get("variant").getAsString().equals(label)) {
                return v.getAsJsonObject();
            }
        }
        throw new AssertionError("no variant " + label + " in " + results);
    }

    @Test
    void benchPrintsARowAndABarPerVariantWithinEightyColumns() throws Exception {
        Path set = tree();
        String longCommand = "true # a command line too long for the bar chart's label column";
        DirdumpRun run = DirdumpRun.of("bench", set, "--rounds", 1, "--vs", longCommand);

        assertEquals(0, run.status(), run.err());
        List<String> expected = new ArrayList<>(DEFAULTS);
        expected.add(longCommand);
        assertEquals(expected, variantsOfTable(run.out()), run.out());
        assertEquals(expected, progressLabels(run.err()), "one line a run on stderr");
        assertTrue(run.out().contains("\nmedian seconds (a shorter bar is faster)\n"), run.out());
        String chart = run.out().substring(run.out().indexOf("median seconds"));
        assertTrue(chart.contains("\ndirdump --nosort -j1 "), chart);
        assertTrue(chart.contains("\ntrue # a command line too lon... #"), "a long label is cut: " + chart);
        for (String line : chart.substring(0, chart.indexOf("\n\n")).split("\n")) {
            assertTrue(line.length() <= 80, "chart line of " + line.length() + " columns: " + line);
        }
        assertTrue(run.out().contains("dirdump bench: 200 files, "), run.out());
        assertFalse(run.out().contains("not cold"), "each run started cold: " + run.out());
    }

    @Test
    void roundsInterleaveTheVariantsAndQuietSilencesTheProgress() {
        Path set = tree();
        DirdumpRun run = DirdumpRun.of("bench", set, "--rounds", 2, "--variant=-j1", "--variant", "--order=name -j 2");
        assertEquals(0, run.status(), run.err());
        assertEquals(List.of("dirdump -j1", "dirdump --order=name -j 2", "dirdump -j1", "dirdump --order=name -j 2"),
                progressLabels(run.err()));

        DirdumpRun quiet = DirdumpRun.of("bench", set, "--rounds", 1, "--variant=-j1", "-q");
        assertEquals(0, quiet.status(), quiet.err());
        assertEquals("", quiet.err());
        assertEquals(List.of("dirdump -j1"), variantsOfTable(quiet.out()));
    }

    @Test
    void aFailingPrepareStopsBenchInOneLineWithStatusOne() throws Exception {
        Path set = tree();
        Path seen = tmp.resolve("seen");
        DirdumpRun run = DirdumpRun.of("bench", set, "--rounds", 1, "--variant=-j1", "--variant=-j2",
                "--prepare", "echo $DIRDUMP_BENCH_VARIANT >>'" + seen + "'; [ \"$DIRDUMP_BENCH_VARIANT\" != 'dirdump -j2' ]");
        assertEquals(1, run.status(), run.err());
        assertEquals("dirdump: bench stopped: --prepare 'echo $DIRDUMP_BENCH_VARIANT >>'" + seen + "'; [ \"$DIRDUMP_BENCH_VARIANT\" "
                + "!= 'dirdump -j2' ]' (round 1, dirdump -j2): exit status 1 (its output is discarded: run it alone to see "
                + "why)", run.errUnwrapped().lines().reduce((a, b) -> b).orElse(""), run.err());
        assertEquals(List.of("dirdump -j1", "dirdump -j2"), Files.readAllLines(seen));
        assertEquals("", run.out(), "no results");
    }

    @Test
    void theJsonAndCsvOfOneBenchParseAndHaveTheSameNumbers() throws Exception {
        Path set = tree();
        String catAll = "cat \"" + set + "\"/*/* >/dev/null 2>&1 || true";  // a comma-free label with quotes
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8);
        BenchCommand bench = (BenchCommand) CommandLines.commandLine(InputStream.nullInputStream(), System.out, errStream)
                .parseArgs("bench", set.toString(), "--rounds", "2", "--vs", catAll)
                .subcommand().commandSpec().userObject();
        BenchResults results = bench.measure(new StderrReporter(errStream, StderrReporter.Verbosity.QUIET), new StopRequest());
        assertNotNull(results, err.toString(StandardCharsets.UTF_8));
        ByteArrayOutputStream json = new ByteArrayOutputStream();
        ByteArrayOutputStream csv = new ByteArrayOutputStream();
        BenchJson.print(results, new JsonObject(), new PrintStream(json, true, StandardCharsets.UTF_8));
        BenchCsv.print(results, new PrintStream(csv, true, StandardCharsets.UTF_8));

        JsonObject o = JsonParser.parseString(json.toString(StandardCharsets.UTF_8)).getAsJsonObject();
        assertEquals("cold", o.get("cache").getAsString());
        assertEquals("posix_fadvise", o.get("eviction").getAsString());
        assertEquals(200, o.get("files").getAsLong());
        assertEquals(Trees.totalSize(regularFiles(set)), o.get("bytes").getAsLong());
        JsonObject machine = o.getAsJsonObject("machine");
        assertEquals(Runtime.getRuntime().availableProcessors(), machine.get("cores").getAsInt());
        assertEquals(Files.readString(Path.of("/proc/sys/kernel/osrelease")).trim(), machine.get("kernel").getAsString());
        JsonObject disk = machine.getAsJsonArray("disks").get(0).getAsJsonObject();
        assertEquals(Files.getFileStore(set).type(), disk.get("file_system").getAsString());

        List<String> lines = Arrays.asList(csv.toString(StandardCharsets.UTF_8).split("\n"));
        List<String> header = Arrays.asList(lines.get(0).split(","));
        JsonArray variants = o.getAsJsonArray("variants");
        assertEquals(5, variants.size());
        assertEquals(1 + 5 * 2, lines.size(), "a header and a row per run");
        int line = 1;
        for (int i = 0; i < variants.size(); i++) {
            JsonObject v = variants.get(i).getAsJsonObject();
            assertEquals(2, v.getAsJsonArray("runs").size());
            assertEquals("cold", v.get("cache").getAsString(), v.toString());
            for (JsonElement r : v.getAsJsonArray("runs")) {
                JsonObject run = r.getAsJsonObject();
                List<String> row = csvFields(lines.get(line++));
                assertEquals(header.size(), row.size(), row.toString());
                Map<String, String> field = new HashMap<>();
                for (int c = 0; c < header.size(); c++) {
                    field.put(header.get(c), row.get(c));
                }
                assertEquals(v.get("variant").getAsString(), field.get("variant"));
                assertEquals(run.get("round").getAsInt(), Integer.parseInt(field.get("round")));
                for (String number : List.of("seconds", "files", "bytes", "resident_percent")) {
                    assertEquals(run.get(number).getAsDouble(), Double.parseDouble(field.get(number)), number + " of " + row);
                }
                assertEquals(run.get("cache").getAsString(), field.get("cache"));
                assertEquals(machine.get("host").getAsString(), field.get("host"));
                assertEquals(disk.get("file_system").getAsString(), field.get("file_system"));
                if (v.get("kind").getAsString().equals("dirdump")) {
                    assertEquals(200, run.get("files").getAsLong(), "every file read, cached or not");
                    JsonObject settings = v.getAsJsonObject("settings");
                    assertEquals(settings.get("order").getAsString(), field.get("order"));
                    assertEquals(settings.get("readers").getAsInt(), Integer.parseInt(field.get("readers")));
                    assertEquals(settings.get("depth").getAsInt(), Integer.parseInt(field.get("depth")));
                } else {
                    assertTrue(v.get("settings").isJsonNull(), "a command has no read settings");
                    assertEquals("", field.get("order"));
                }
            }
        }
        assertEquals(1.0, variants.get(0).getAsJsonObject().get("speedup").getAsDouble(), "against itself");
        // The default settings, as resolved: what a reader of the results needs to know "dirdump" did.
        JsonObject defaults = variants.get(3).getAsJsonObject();
        assertEquals("dirdump", defaults.get("variant").getAsString());
        assertEquals(dirdump.read.DefaultReaders.NON_ROTATING, defaults.getAsJsonObject("settings").get("readers").getAsInt());
        assertTrue(defaults.getAsJsonObject("settings").get("depth").getAsInt() >= 0, "the ring's depth: " + defaults);
        assertTrue(List.of("physical", "inode", "none").contains(defaults.getAsJsonObject("settings").get("order")
                .getAsString()), "auto resolved: " + defaults);
        assertEquals("none", variants.get(0).getAsJsonObject().getAsJsonObject("settings").get("order").getAsString());
        assertTrue(lines.get(9).startsWith("\"cat \"\"" + set + "\"\"/*/*"), "quoted, quotes doubled: " + lines.get(9));
        assertEquals(catAll, csvFields(lines.get(10)).get(0));
    }

    @Test
    void thePlotIsAPictureOfEveryRun() throws Exception {
        Path set = generate(tmp.resolve("set"), 50);
        Path png = tmp.resolve("bench.png");
        Path svg = tmp.resolve("bench.svg");
        DirdumpRun run = DirdumpRun.of("bench", set, "--rounds", 2, "--variant=-j1", "--variant=-j4", "--plot", png);
        assertEquals(0, run.status(), run.err());
        java.awt.image.BufferedImage image = javax.imageio.ImageIO.read(png.toFile());
        assertEquals(900, image.getWidth());
        DirdumpRun vector = DirdumpRun.of("bench", set, "--rounds", 2, "--variant=-j1", "--variant=-j4", "--plot", svg,
                "--csv");
        assertEquals(0, vector.status(), vector.err());
        String text = Files.readString(svg);
        assertTrue(text.startsWith("<?xml") || text.contains("<svg"), text.substring(0, 100));
        assertTrue(text.contains("1. dirdump -j1") && text.contains("2. dirdump -j4"), "a row a variant");
        assertTrue(text.contains("s, the baseline") && text.matches("(?s).*[0-9] s, [0-9.]+x.*"), "the medians and the speedup");

        DirdumpRun jpeg = DirdumpRun.of("bench", set, "--plot", tmp.resolve("bench.jpg"));
        assertEquals(2, jpeg.status());
        assertTrue(jpeg.err().startsWith("dirdump: --plot writes FILE.svg or FILE.png, not "), jpeg.err());
    }

    @Test
    void theLegendStaysInsideThePictureWithLongCommands() throws Exception {
        Path set = generate(tmp.resolve("set"), 20);
        Path png = tmp.resolve("bench.png");
        String longCommand = "cat " + set + "/* >/dev/null; true # " + "a command line longer than the picture ".repeat(4);
        DirdumpRun run = DirdumpRun.of("bench", set, "--rounds", 1, "--variant=-j1", "--variant=-j4", "--vs", longCommand,
                "--vs", "true", "--plot", png);
        assertEquals(0, run.status(), run.err());
        java.awt.image.BufferedImage image = javax.imageio.ImageIO.read(png.toFile());
        int white = java.awt.Color.WHITE.getRGB();
        List<String> drawn = new ArrayList<>();
        for (int x = 0; x < image.getWidth(); x++) {
            for (int y = 0; y < image.getHeight(); y++) {
                boolean edge = x < 4 || y < 4 || x >= image.getWidth() - 4 || y >= image.getHeight() - 4;
                if (edge && image.getRGB(x, y) != white) {
                    drawn.add(x + "," + y);
                }
            }
        }
        assertEquals(List.of(), drawn.subList(0, Math.min(10, drawn.size())), "nothing drawn at the picture's edges");
    }

    @Test
    void aFailedEvictionIsWarnedAboutAndMarked() throws Exception {
        try (Tmpfs shm = Tmpfs.create(tmp)) {
            // tmpfs pages are the files themselves: posix_fadvise(DONTNEED) cannot drop them.
            Path set = generate(shm.dir().resolve("set"), 50);
            DirdumpRun table = DirdumpRun.of("bench", set, "--rounds", 1);
            assertEquals(0, table.status(), table.err());
            assertTrue(table.err().contains("dirdump: warning: 100.0 % of the files' pages were still cached after "
                    + "eviction when dirdump --nosort -j1 started (round 1): its figures are warm, not cold."),
                    table.err());
            assertEquals(List.of("dirdump --nosort -j1 (not cold)", "dirdump --order=inode -j1 (not cold)",
                    "dirdump (not cold)"), variantsOfTable(table.out()));
            assertTrue(table.out().contains("note: dirdump --order=physical -j1 left out: the file system cannot tell "
                    + "where the files lie (tmpfs at "), table.out());
            assertTrue(table.out().contains("note: marked \"not cold\": "), table.out());

            DirdumpRun json = DirdumpRun.of("bench", set, "--rounds", 1, "--variant=-j1", "--json");
            JsonObject v = variant(json.summary(), "dirdump -j1");
            assertEquals("warm", v.get("cache").getAsString());
            assertEquals(1, v.get("runs_off").getAsInt());
            JsonObject run = v.getAsJsonArray("runs").get(0).getAsJsonObject();
            assertEquals(100.0, run.get("resident_percent").getAsDouble());
            assertEquals("warm", run.get("cache").getAsString());

            DirdumpRun csv = DirdumpRun.of("bench", set, "--rounds", 1, "--variant=-j1", "--csv");
            assertTrue(csv.out().contains("\ndirdump -j1,dirdump,"), csv.out());
            assertTrue(csv.out().contains(",100,warm,,"), "the run marked warm: " + csv.out());
        }
    }

    @Test
    void variantsTakeReadOptionsAndVsRunsCommands() {
        Path flat = generate(tmp.resolve("flat"), 200);
        String cat = "cat '" + flat + "'/* >/dev/null";
        DirdumpRun run = DirdumpRun.json("bench", flat, "--rounds", 1, "--variant", "--order=name -j 2",
                "--vs", cat, "--vs", "exit 3");

        assertEquals(1, run.status(), "a command that fails fails the bench: " + run.err());
        JsonObject name = variant(run.summary(), "dirdump --order=name -j 2");
        assertEquals("dirdump", name.get("kind").getAsString());
        assertEquals(0, name.get("failed_runs").getAsInt());
        assertEquals(run.summary().get("bytes").getAsLong(),
                name.getAsJsonArray("runs").get(0).getAsJsonObject().get("bytes").getAsLong());
        JsonObject catRun = variant(run.summary(), cat);
        assertEquals("command", catRun.get("kind").getAsString());
        assertEquals(0, catRun.get("failed_runs").getAsInt());
        assertEquals("cold", catRun.get("cache").getAsString());
        assertEquals(200, catRun.getAsJsonArray("runs").get(0).getAsJsonObject().get("files").getAsLong(),
                "credited with the files under the PATHs");
        JsonObject failed = variant(run.summary(), "exit 3");
        assertEquals(1, failed.get("failed_runs").getAsInt());
        assertTrue(failed.getAsJsonArray("runs").get(0).getAsJsonObject().get("failure").getAsString()
                .startsWith("exit status 3"));
        assertTrue(run.err().contains("dirdump: warning: round 1: exit 3: exit status 3"), run.err());
    }

    @Test
    void aFailedVariantOrOneThatReadNoFileGetsNoFiguresNoSpeedupAndNoBar() {
        Path set = tree();
        DirdumpRun table = DirdumpRun.of("bench", set, "--rounds", 1, "--variant=-j1", "--variant=--min-size 1T",
                "--vs", "exit 3");
        assertEquals(1, table.status(), table.err());
        assertEquals(List.of("dirdump -j1"), variantsOfTable(table.out()), "the rows with figures: " + table.out());
        for (String label : new String[] {"dirdump --min-size 1T", "exit 3"}) {
            assertTrue(table.out().matches("(?s).*\n( +-){6}  " + Pattern.quote(label) + " \\(failed\\)\n.*"),
                    label + ": " + table.out());
            String bar = table.out().lines().filter(l -> l.startsWith(label + " ")).reduce((a, b) -> b).orElseThrow();
            assertTrue(bar.endsWith(" failed") && !bar.contains("#"), "no bar: " + bar);
        }
        assertTrue(table.err().contains("dirdump --min-size 1T: read no file"), table.err());

        DirdumpRun json = DirdumpRun.json("bench", set, "--rounds", 1, "--variant=-j1", "--vs", "exit 3");
        JsonObject failed = variant(json.summary(), "exit 3");
        assertTrue(failed.get("speedup").isJsonNull() && failed.get("median_seconds").isJsonNull(), failed.toString());
        assertEquals(1.0, variant(json.summary(), "dirdump -j1").get("speedup").getAsDouble());
    }

    /**
     * The command's two sleeps would take an hour: bench ends them at its --timeout. If it waited for
     * them, the hang guard would fail the test (a bound on a hang, no speed claim).
     */
    @Test
    void aCommandThatRunsOutOfTimeIsEndedWithAllItStarted() {
        Path set = generate(tmp.resolve("small"), 20);
        String marker = "3599.75";  // a command line no other process has
        DirdumpRun run = assertTimeoutPreemptively(Duration.ofMinutes(5), () -> DirdumpRun.json("bench", set,
                "--rounds", 1, "--variant=-j1", "--timeout", "0.5s", "--vs", "sleep " + marker + " & sleep " + marker
                + "; true"), "bench waited for the command it was to end");
        assertEquals(1, run.status(), run.err());
        JsonObject slow = variant(run.summary(), "sleep " + marker + " & sleep " + marker + "; true");
        assertEquals("ran out of time: ended after 0.5 s (--timeout)",
                slow.getAsJsonArray("runs").get(0).getAsJsonObject().get("failure").getAsString());
        assertEquals(0, ProcessHandle.allProcesses()
                .filter(h -> h.isAlive() && h.info().commandLine().orElse("").contains(marker)).count(),
                "nothing of it is left running");
    }

    @Test
    void aVariantThatIsNotReadOptionsIsAUsageErrorBeforeAnythingRuns() {
        Path set = tmp.resolve("missing-is-fine-nothing-is-walked");
        String[][] cases = {
            {"--bogus", "Unknown option: '--bogus'"},
            {"status", "'status' is a command, not a read option"},
            {"/data", "takes read options only (bench gives the PATHs)"},
            {"-v", "--verbose changes only what a read prints"},
            {"-j 0", "--jobs must be 1 or more"},
            {"--nosort --order=inode", "--nosort and --order=inode contradict each other"},
        };
        for (String[] c : cases) {
            DirdumpRun run = DirdumpRun.of("bench", set, "--variant=" + c[0]);
            assertEquals(2, run.status(), c[0]);
            assertTrue(run.err().startsWith("dirdump: --variant '" + c[0] + "': " + c[1]), run.err());
            assertEquals("", run.out());
        }
        DirdumpRun before = DirdumpRun.of(set, "bench", set);
        assertEquals(2, before.status());
        assertTrue(before.err().contains("PATHs go after 'bench'"), before.err());
        assertEquals(2, DirdumpRun.of("bench", set, "--rounds", 0).status());
        assertEquals(2, DirdumpRun.of("bench", set, "--timeout", "0").status());
        assertEquals(2, DirdumpRun.of("bench", set, "--timeout", "soon").status());
        assertEquals(2, DirdumpRun.of("bench", set, "--warm", "--drop-caches").status());
    }

    @Test
    void dropCachesIsRefusedToAnOrdinaryUser() throws Exception {
        Path set = tree();
        DirdumpRun run = AsUser.nobody(() -> DirdumpRun.of("bench", "--drop-caches", set));
        assertEquals(2, run.status(), run.err());
        assertEquals("dirdump: --drop-caches needs root: it empties the page cache of the whole machine "
                + "(/proc/sys/vm/drop_caches: Permission denied). Without it, bench empties the files' own pages "
                + "(posix_fadvise), which needs no root.\n", run.err());
        assertEquals("", run.out());
    }

    @Test
    void dropCachesAsRootStartsEveryRunCold() throws Exception {
        // Drops the whole machine's page cache (twice a run): once, on 20 files, with one variant.
        SystemTests.assumeAllowed("drops the whole machine's page cache");
        assumeTrue(AsUser.isRoot(), "--drop-caches needs root");
        Path set = generate(tmp.resolve("small"), 20);
        DirdumpRun run = DirdumpRun.json("bench", set, "--drop-caches", "--rounds", 1, "--variant=-j1");
        assertEquals(0, run.status(), run.err());
        assertEquals("drop_caches", run.summary().get("eviction").getAsString());
        assertEquals("cold", variant(run.summary(), "dirdump -j1").get("cache").getAsString());
    }

    @Test
    void warmComparesOnAWarmCache() throws Exception {
        Path set = tree();
        PageCache.retryIfDropped(() -> {
            DirdumpRun run = DirdumpRun.json("bench", set, "--warm", "--rounds", 2, "--variant=-j1",
                    "--variant=--nosort -j1");
            assertEquals(0, run.status(), run.err());
            assertEquals("warm", run.summary().get("cache").getAsString());
            assertEquals("none", run.summary().get("eviction").getAsString());
            for (JsonElement v : run.summary().getAsJsonArray("variants")) {
                assertEquals("warm", v.getAsJsonObject().get("cache").getAsString(), v.toString());
                assertEquals(0, v.getAsJsonObject().get("runs_off").getAsInt());
            }
        });
    }
}
