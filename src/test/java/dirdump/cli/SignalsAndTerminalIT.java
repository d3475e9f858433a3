package dirdump.cli;

import static dirdump.testing.Reading.waitUntilReading;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dirdump.testing.BuiltJar;
import dirdump.testing.RunSchema;
import dirdump.testing.Trees;
import dirdump.testing.Until;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real binary under signals (during the walk, the read, status, evict and bench), on a
 * pseudo-terminal and behind a pipe, and at idle I/O priority.
 */
class SignalsAndTerminalIT {

    @TempDir
    Path tmp;

    private Path data;
    private List<Path> files;
    private File err;

    @BeforeEach
    void tree() throws Exception {
        data = tmp.resolve("data");
        files = Trees.randomTree(data, 200, 200_000, 13);
        err = tmp.resolve("stderr").toFile();
    }

    /** Started slow (--bwlimit), so that it is still reading when the signal comes. */
    private Process slowRun(String... extra) throws Exception {
        ProcessBuilder pb = BuiltJar.builder("--force", "--bwlimit", "1M", data.toString());
        pb.command().addAll(java.util.List.of(extra));
        return pb.redirectError(err).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    }

    private void waitForStderr(String text) throws Exception {
        Until.holds(Duration.ofSeconds(120), () -> "'" + text + "' in: " + stderr(),
                () -> Files.readString(err.toPath()).contains(text));
    }

    private String stderr() {
        try {
            return Files.readString(err.toPath());
        } catch (IOException e) {
            return e.toString();
        }
    }

    private static void kill(String signal, Process p) throws Exception {
        assertEquals(0, new ProcessBuilder("kill", "-" + signal, String.valueOf(p.pid())).start().waitFor());
    }

    /** What a walk stopped by a signal did: the process, and how many symbolic links -v said it took. */
    private record Signalled(Process process, long linksTaken) {
    }

    /**
     * A signal during the walk: the names come from a --files-from list on a pipe the test holds, so that
     * the walk waits for them, and the list never ends while the process lives, so that only the signal
     * ends the walk. The first name is a symbolic link, which -v reports as skipped as the walk takes it:
     * then the walk is on, waiting for the next name, and the signal is sent. The JVM runs the handler on
     * a thread of its own, at a moment no output shows, so the names after it come a file and a link at a
     * time, each pair once the walk has taken the one before (its link reported), until the process ends
     * (a new link each time, the files over again): the walk stops at the first name after the handler
     * ran, whichever that is, however late the handler runs.
     */
    private Signalled signalledDuringTheWalk(String signal, File out, String... command) throws Exception {
        ProcessBuilder pb = BuiltJar.builder();
        pb.command().addAll(List.of(command));
        pb.command().addAll(List.of("-v", "--files-from", "-"));
        Process p = pb.redirectOutput(out).redirectError(err).start();
        OutputStream list = p.getOutputStream();
        try {
            Path link = link(signal, 0);
            assertTrue(give(p, list, link + "\n"), "ended before the first name: " + stderr());
            waitForStderr(link + ": skipped: symbolic link");
            kill(signal, p);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            for (int i = 1; p.isAlive(); i++) {
                assertTrue(System.nanoTime() - deadline < 0, "still taking names 120 s after the signal: " + stderr());
                Path next = link(signal, i);
                if (!give(p, list, files.get(1 + i % (files.size() - 1)) + "\n" + next + "\n")) {
                    break;
                }
                Until.holds(Duration.ofSeconds(120), () -> "the walk to take " + next + " or to end: " + stderr(),
                        () -> !p.isAlive() || stderr().contains(next + ": skipped: symbolic link"));
            }
        } finally {
            try {
                list.close();
            } catch (IOException e) {
                // the process ended with names unread
            }
        }
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "did not stop");
        return new Signalled(p, stderr().split(": skipped: symbolic link\n", -1).length - 1);
    }

    /** A symbolic link to the first file, the {@code i}th name of a list. */
    private Path link(String signal, int i) throws IOException {
        return Files.createSymbolicLink(tmp.resolve(signal + "-link" + i), files.get(0));
    }

    /** Writes {@code names} to the list; false if the process has ended (the pipe is broken). */
    private static boolean give(Process p, OutputStream list, String names) throws Exception {
        try {
            list.write(names.getBytes(StandardCharsets.UTF_8));
            list.flush();
            return true;
        } catch (IOException e) {
            if (p.waitFor(30, TimeUnit.SECONDS)) {
                return false;
            }
            throw e;
        }
    }

    @Test
    void aSignalDuringTheWalkGivesTheSummaryOfWhatWasDone() throws Exception {
        File out = tmp.resolve("stdout").toFile();
        Signalled read = signalledDuringTheWalk("TERM", out, "--json", "--force");
        assertEquals(143, read.process().exitValue(), stderr());
        RunSchema.check(Files.readString(out.toPath()));
        JsonObject summary = JsonParser.parseString(Files.readString(out.toPath())).getAsJsonObject();
        assertEquals("SIGTERM", summary.get("stopped_by").getAsString());
        assertEquals(0, summary.get("files_read").getAsLong(), "nothing is read after the signal");
        assertEquals(read.linksTaken(), summary.getAsJsonObject("skipped").get("symlink").getAsLong(),
                "what the walk did is counted: " + stderr());

        Signalled status = signalledDuringTheWalk("HUP", out, "status");
        assertEquals(129, status.process().exitValue(), stderr());
        assertTrue(stderr().contains("stopped by SIGHUP: the counts are of what was done before"),
                "the footer, on stderr: " + stderr());

        Signalled evict = signalledDuringTheWalk("INT", out, "evict");
        String text = stderr();
        assertEquals(130, evict.process().exitValue(), text);
        assertTrue(text.contains("dirdump: evicted 0 files from the page cache") && text.contains("stopped by SIGINT"), text);
    }

    @Test
    void sigtermStopsBenchWithTheResultsSoFarAndEndsTheCommandItRuns() throws Exception {
        String marker = "61.25";  // a command line no other process has
        Process p = BuiltJar.builder("bench", "--rounds", "1", "--variant=-j1", "--vs", "sleep " + marker,
                data.toString()).redirectError(err).redirectOutput(tmp.resolve("stdout").toFile()).start();
        try {
            Until.holds(Duration.ofSeconds(60), () -> "the command to start: " + stderr(), () -> running(marker) > 0);
            p.destroy();  // SIGTERM
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "did not stop");
        } finally {
            p.destroyForcibly();
        }
        assertEquals(143, p.exitValue(), Files.readString(err.toPath()));
        String table = Files.readString(tmp.resolve("stdout"));
        assertTrue(table.contains("  dirdump -j1\n"), "the run done is in the results: " + table);
        assertTrue(table.contains("note: stopped by SIGTERM in round 1 of 1"), table);
        Until.holds(Duration.ofSeconds(30), "the command to end: it was left running", () -> running(marker) == 0);
    }

    /** Live sleep(1) processes whose command line has {@code marker} (bench's own has it too). */
    private static long running(String marker) {
        return ProcessHandle.allProcesses().filter(h -> h.isAlive() && h.info().command().orElse("").endsWith("/sleep")
                && h.info().commandLine().orElse("").contains(marker)).count();
    }

    @Test
    void aLowBwlimitHoldsFromTheFirstRead() throws Exception {
        // Before, each of 8 readers read its first buffer (a whole 64 KiB file here) before the pacer slept.
        Path set = tmp.resolve("set");
        for (int i = 0; i < 8; i++) {
            Trees.file(set.resolve("f" + i), 64 * 1024, i);
        }
        File out = tmp.resolve("stdout").toFile();
        long start = System.nanoTime();
        Process p = BuiltJar.builder("--force", "--json", "--bwlimit", "1K", "-j", "8",
                set.toString()).redirectOutput(out).redirectError(err).start();
        waitUntilReading(p);
        Thread.sleep(1000);
        p.destroy();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "did not stop");
        double seconds = (System.nanoTime() - start) / 1e9;
        assertEquals(143, p.exitValue(), Files.readString(err.toPath()));
        long bytes = JsonParser.parseString(Files.readString(out.toPath())).getAsJsonObject().get("bytes_read").getAsLong();
        // The rate over the whole life of the process, plus the 50 ms burst and a reader's last read.
        assertTrue(bytes <= 1024 * seconds + 52 + 8, bytes + " bytes in " + seconds + " s at 1 KiB/s");
        assertTrue(bytes > 0, "it read");
    }

    @Test
    void sigtermGivesTheSummaryOfWhatWasDoneAndExit143() throws Exception {
        Process p = slowRun();
        waitUntilReading(p);
        p.destroy();  // SIGTERM
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "did not stop");
        String text = Files.readString(err.toPath());
        assertEquals(143, p.exitValue(), text);
        assertTrue(text.contains("dirdump: read "), text);
        assertTrue(text.contains("stopped by SIGTERM"), text);
    }

    @Test
    void sigintGivesExit130() throws Exception {
        Process p = slowRun("--json");
        waitUntilReading(p);
        kill("INT", p);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "did not stop");
        assertEquals(130, p.exitValue(), Files.readString(err.toPath()));
    }

    /** Runs {@code command} on a pseudo-terminal 50 columns wide: what the terminal was sent. */
    private String onA50ColumnTerminal(String command) throws Exception {
        assumeTrue(new File("/usr/bin/script").canExecute(), "util-linux script(1) is needed for a pseudo-terminal");
        Path typescript = tmp.resolve("typescript");
        Process tty = BuiltJar.builder(List.of("script", "-qfec", "stty cols 50; " + command, typescript.toString()))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectErrorStream(true).start();
        assertTrue(tty.waitFor(60, TimeUnit.SECONDS));
        return Files.readString(typescript);
    }

    /** Each redraw of the line, and each line of other output, as the terminal shows them one after another. */
    private static List<String> drawn(String screen) {
        return List.of(screen.replace("\033[K", "").split("[\r\n]+"));
    }

    @Test
    void progressOnAPseudoTerminalOnlyFittingItsWidthAndNeverBehindAPipe() throws Exception {
        // A few big files: before, the line stayed at "0 of 4 files (0%)" until the first was done.
        Path big = tmp.resolve("big");
        for (int i = 0; i < 4; i++) {
            Trees.file(big.resolve("f" + i), 8 << 20, i);
        }
        String screen = onA50ColumnTerminal(BuiltJar.shellWords() + " --force --bwlimit 20M " + big);
        assertTrue(screen.contains("\033[K"), "the line is redrawn in place: " + screen);
        List<String> lines = drawn(screen);
        List<String> progress = lines.stream().filter(l -> l.matches("dirdump: [0-9]+%.*")).toList();
        assertFalse(progress.isEmpty(), screen);
        for (String line : progress) {
            assertTrue(line.length() < 50, "wider than 49 columns, it would wrap: '" + line + "'");
        }
        assertTrue(progress.stream().anyMatch(l -> l.matches("dirdump: [1-9][0-9]?%, .*")),
                "a percent by bytes before any file is done: " + progress);
        assertTrue(progress.stream().anyMatch(l -> l.contains(" left")), "the time left: " + progress);
        assertTrue(progress.stream().anyMatch(l -> l.contains(" elapsed")), "the time elapsed: " + progress);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("dirdump: read 4 files, 32.0 MiB in ")),
                "the summary on a line of its own: " + lines);

        Process piped = BuiltJar.builder("--force", "--progress", "--bwlimit", "20M", data.toString())
                .redirectError(err).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertTrue(piped.waitFor(60, TimeUnit.SECONDS));
        String text = Files.readString(err.toPath());
        assertFalse(text.contains("\r") || text.contains("\033") || text.contains(" elapsed"),
                "not into a file, even with --progress: " + text);
    }

    @Test
    void messagesAndTheProgressLineDoNotOverwriteEachOther() throws Exception {
        // -v with --progress: a message for each file, while the line is drawn.
        String screen = onA50ColumnTerminal(BuiltJar.shellWords() + " --force -v --progress --bwlimit 5M " + data);
        List<String> lines = drawn(screen);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("dirdump: ") && l.contains(" elapsed")), screen);
        for (Path f : files) {
            String message = f + " (" + Files.size(f) + " bytes)";
            assertTrue(lines.contains(message), "a line of its own, not after the progress line: " + message
                    + " in " + lines);
        }
    }

    @Test
    void ioniceIdleSetsTheReadersIoPriority() throws Exception {
        assumeTrue(new File("/usr/bin/ionice").canExecute(), "util-linux ionice(1) is needed to look");
        Process p = slowRun("--ionice", "idle", "-j", "2");
        waitUntilReading(p);
        // The readers start one after the other, and each sets its class as it starts: looked at until both have.
        StringBuilder seen = new StringBuilder();
        try {
            Until.holds(Duration.ofSeconds(60), () -> "both readers at idle: " + seen, () -> {
                seen.setLength(0);
                for (File task : new File("/proc/" + p.pid() + "/task").listFiles()) {
                    String name;
                    try {
                        name = Files.readString(task.toPath().resolve("comm")).trim();
                    } catch (NoSuchFileException ended) {
                        continue;  // a thread that ended since the listing (the walk's listers come and go)
                    }
                    if (name.startsWith("reader-")) {
                        Process look = new ProcessBuilder("ionice", "-p", task.getName()).redirectErrorStream(true).start();
                        seen.append(name).append(": ").append(new String(look.getInputStream().readAllBytes()).trim())
                                .append('\n');
                    }
                }
                return seen.indexOf("reader-0: idle") >= 0 && seen.indexOf("reader-1: idle") >= 0;
            });
        } finally {
            p.destroy();
            p.waitFor(30, TimeUnit.SECONDS);
        }
    }
}
