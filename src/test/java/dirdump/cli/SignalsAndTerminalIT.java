package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dirdump.testing.Trees;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real binary under signals, on a pseudo-terminal and behind a pipe, and at idle I/O priority. */
class SignalsAndTerminalIT {
    private static final String LAUNCHER = Path.of(System.getProperty("user.dir"), "bin", "dirdump").toString();

    @TempDir
    Path tmp;

    private Path data;
    private File err;

    @BeforeEach
    void tree() throws Exception {
        data = tmp.resolve("data");
        Trees.randomTree(data, 200, 200_000, 13);
        err = tmp.resolve("stderr").toFile();
    }

    /**
     * Started slow (--bwlimit), so that it is still reading when the signal comes; with a progress
     * line, so that the test can see when reading has begun.
     */
    private Process slowRun(String... extra) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(LAUNCHER, "--force", "--progress", "--bwlimit", "1M", data.toString());
        pb.command().addAll(java.util.List.of(extra));
        return pb.redirectError(err).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    }

    /**
     * Until the progress line shows: before that, the launcher may still be building the jar or its
     * class-data archive (in a fresh clone), and a signal would end it, not the read.
     */
    private void waitUntilReading() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!Files.readString(err.toPath()).contains(" files (")) {
            assertTrue(System.nanoTime() < deadline, "no progress line: " + Files.readString(err.toPath()));
            Thread.sleep(50);
        }
    }

    @Test
    void sigtermGivesTheSummaryOfWhatWasDoneAndExit143() throws Exception {
        Process p = slowRun();
        waitUntilReading();
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
        waitUntilReading();
        new ProcessBuilder("kill", "-INT", String.valueOf(p.pid())).start().waitFor();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "did not stop");
        assertEquals(130, p.exitValue(), Files.readString(err.toPath()));
    }

    @Test
    void progressOnAPseudoTerminalOnlyAndNeverBehindAPipe() throws Exception {
        assumeTrue(new File("/usr/bin/script").canExecute(), "util-linux script(1) is needed for a pseudo-terminal");
        Path typescript = tmp.resolve("typescript");
        String command = LAUNCHER + " --force --bwlimit 20M " + data;
        Process tty = new ProcessBuilder("script", "-qfec", command, typescript.toString())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectErrorStream(true).start();
        assertTrue(tty.waitFor(60, TimeUnit.SECONDS));
        String screen = Files.readString(typescript);
        assertTrue(screen.contains(" files (") && screen.contains("\r"), screen);
        assertTrue(screen.contains("\033[K"), "the line is redrawn in place");

        Process piped = new ProcessBuilder(LAUNCHER, "--force", "--bwlimit", "20M", data.toString())
                .redirectError(err).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertTrue(piped.waitFor(60, TimeUnit.SECONDS));
        String text = Files.readString(err.toPath());
        assertFalse(text.contains("\r") || text.contains(" files ("), text);

        Process forced = new ProcessBuilder(LAUNCHER, "--force", "--progress", "--bwlimit", "20M", data.toString())
                .redirectError(err).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertTrue(forced.waitFor(60, TimeUnit.SECONDS));
        assertTrue(Files.readString(err.toPath()).contains(" files ("), "--progress forces it");
    }

    @Test
    void ioniceIdleSetsTheReadersIoPriority() throws Exception {
        assumeTrue(new File("/usr/bin/ionice").canExecute(), "util-linux ionice(1) is needed to look");
        Process p = slowRun("--ionice", "idle", "-j", "2");
        waitUntilReading();
        String seen = "";
        for (File task : new File("/proc/" + p.pid() + "/task").listFiles()) {
            String name = Files.readString(task.toPath().resolve("comm")).trim();
            if (name.startsWith("reader-")) {
                Process look = new ProcessBuilder("ionice", "-p", task.getName()).redirectErrorStream(true).start();
                seen += name + ": " + new String(look.getInputStream().readAllBytes()).trim() + "\n";
            }
        }
        p.destroy();
        p.waitFor(30, TimeUnit.SECONDS);
        assertTrue(seen.contains("reader-0: idle") && seen.contains("reader-1: idle"), seen);
    }
}
