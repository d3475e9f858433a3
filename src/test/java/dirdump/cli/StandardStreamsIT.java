package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dirdump.testing.BuiltJar;
import dirdump.testing.Launched;
import dirdump.testing.Reading;
import dirdump.testing.Trees;
import dirdump.testing.Until;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * dirdump with hostile standard descriptors: stdout full (/dev/full), closed, or a pipe whose reader
 * went away; stdin closed; and the JVM's own output, which must never reach stdout. The built jar,
 * but for a closed descriptor, which only bin/start.sh can tell from an open one (it opens it on
 * /dev/null and names it in -Ddirdump.closed), and the JVM options bin/start.sh gives, which are
 * tested where they are written: both run bin/dirdump.
 */
class StandardStreamsIT {
    private static final Path LAUNCHER = Launched.launcher("dirdump");
    private static final String DIRDUMP = BuiltJar.shellWords();
    private static final Path SH = Path.of("/bin/sh");

    @TempDir
    Path tmp;

    private Path data;
    private List<Path> files;

    @BeforeEach
    void tree() throws Exception {
        data = tmp.resolve("data");
        files = Trees.randomTree(data, 20, 10_000, 5);
    }

    /** {@code script} run by sh with $1 the tree. */
    private Launched sh(String script) throws Exception {
        return Launched.of(BuiltJar.builder(List.of(SH.toString(), "-c", script, "sh", data.toString())));
    }

    /** {@code script} run by sh with $0 the launcher and $1 the tree. */
    private Launched shLauncher(String script) throws Exception {
        return Launched.run(SH, Map.of(), "-c", script, LAUNCHER.toString(), data.toString());
    }

    @Test
    void aFullDiskForStdoutIsOneLineAndExitTwo() throws Exception {
        String[] commands = {
            "--force --json \"$1\"", "order \"$1\"", "status -v \"$1\"", "evict --json \"$1\"",
            "bench --rounds 1 --variant=-j1 -q --csv \"$1\"", "--help", "--version",
        };
        for (String command : commands) {
            Launched r = sh(DIRDUMP + " " + command + " >/dev/full");
            assertEquals(2, r.status(), command + ": " + r.err());
            assertEquals("dirdump: write error: No space left on device\n", r.err(), command);
        }
    }

    @Test
    void aClosedStdoutIsOneLineAndExitTwo() throws Exception {
        Launched r = shLauncher("\"$0\" status -v \"$1\" >&-");
        assertEquals(2, r.status(), r.err());
        assertEquals("dirdump: write error: Bad file descriptor\n", r.err());
    }

    @Test
    void aReaderThatWentAwayEndsTheRunQuietlyWithStatus141() throws Exception {
        // More lines than a pipe holds (64 KiB), so that the writes go on after head has ended.
        Path many = tmp.resolve("many");
        Files.createDirectories(many);
        for (int i = 0; i < 3000; i++) {
            Files.createFile(many.resolve("a-file-with-a-name-long-enough-" + i));
        }
        for (String command : new String[] {"status -v", "order"}) {
            Path status = tmp.resolve("status");
            Launched r = Launched.of(BuiltJar.builder(List.of(SH.toString(), "-c", "{ " + DIRDUMP + " " + command
                    + " \"$1\"; echo $? >\"$2\"; } | head -n 1", "sh", many.toString(), status.toString())));
            assertEquals(0, r.status(), r.err());
            assertEquals("141", Files.readString(status).trim(), command + ": " + r.err());
            assertEquals("", r.err(), command + ": nothing is said");
            assertEquals(1, r.out().lines().count(), r.out());
        }
    }

    @Test
    void aClosedStdinIsRefusedForFilesFromAndTheJvmsOwnFilesAreNotRead() throws Exception {
        Launched r = shLauncher("\"$0\" --json --files-from - <&-");
        assertEquals(2, r.status(), r.err());
        assertEquals("dirdump: -: Bad file descriptor (standard input is closed)\n", r.err());
        JsonObject summary = r.json();
        assertEquals(1, summary.get("unusable_paths").getAsInt());
        assertEquals(0, summary.get("errors").getAsInt(), "no name of the JVM's lib/modules was taken for a file");
        assertEquals(0, summary.get("files_read").getAsInt());

        Launched open = Launched.run(SH, Map.of(), "-c", "echo \"$1\" | \"$0\" -q --force --files-from -",
                LAUNCHER.toString(), files.get(0).toString());
        assertEquals(0, open.status(), open.err());
    }

    @Test
    void aThreadDumpDuringJsonGoesToStderr() throws Exception {
        File err = tmp.resolve("err").toFile();
        File out = tmp.resolve("out").toFile();
        Process p = BuiltJar.builder("--json", "--force", "--bwlimit", "100K", data.toString()).redirectOutput(out).redirectError(err).start();
        try {
            Reading.waitUntilReading(p);
            assertEquals(0, new ProcessBuilder("kill", "-QUIT", String.valueOf(p.pid())).start().waitFor());
            waitFor(err, "Full thread dump");
            p.destroy();  // SIGTERM: the summary of what was read
            assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        } finally {
            p.destroyForcibly();
        }
        String json = Files.readString(out.toPath(), StandardCharsets.UTF_8);
        assertEquals(143, p.exitValue(), Files.readString(err.toPath()));
        JsonObject summary = JsonParser.parseString(json).getAsJsonObject();
        assertEquals("SIGTERM", summary.get("stopped_by").getAsString());
        assertFalse(json.contains("Full thread dump"), json);
    }

    @Test
    void theJvmsOwnErrorsAndWarningsGoToStderr() throws Exception {
        Launched tooSmall = Launched.run(LAUNCHER, Map.of("DIRDUMP_JAVA_OPTS", "-Xmx1k"), "--version");
        assertEquals(1, tooSmall.status());
        assertEquals("", tooSmall.out());
        assertTrue(tooSmall.err().contains("Error occurred during initialization of VM"), tooSmall.err());

        // Large pages are rarely configured: where they are not, the JVM warns through its unified log.
        Launched warned = Launched.run(LAUNCHER, Map.of("DIRDUMP_JAVA_OPTS", "-XX:+UseLargePages"),
                "--json", "--force", data.toString());
        assertEquals(0, warned.status(), warned.err());
        assertEquals(20, warned.json().get("files_read").getAsInt(), "stdout is the JSON alone: " + warned.out());
    }

    private static void waitFor(File file, String text) throws Exception {
        Until.holds(Duration.ofSeconds(60), "'" + text + "' in " + file, () -> Files.readString(file.toPath()).contains(text));
    }
}
