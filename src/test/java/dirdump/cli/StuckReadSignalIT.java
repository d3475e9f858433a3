package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.testing.BuiltJar;
import dirdump.testing.FaultFs;
import dirdump.testing.Until;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One signal ends dirdump whatever a thread waits on: a read of a FUSE file whose server never answers
 * (a killable wait, which no Java interrupt ends), or a --files-from FIFO whose writer stays silent.
 * After the grace period (proc.StopOnSignal, 2 s) the process ends with the signal's status and one
 * line saying so. The bound of each wait only keeps a failing run from hanging the suite: no speed is
 * claimed.
 */
class StuckReadSignalIT {
    /** Far more than the grace period: a run that ignores the first signal never ends at all. */
    private static final long BOUND_SECONDS = 20;

    @TempDir
    Path tmp;

    private String stderr(File err) {
        try {
            return Files.readString(err.toPath());
        } catch (IOException e) {
            return e.toString();
        }
    }

    /** Starts {@code args} over the file system, waits until it has the hanging file open, signals it, and checks its end. */
    private void stoppedInAHangingRead(String signal, int status, String... args) throws Exception {
        try (FaultFs fs = FaultFs.mount(tmp.resolve("mnt"), FaultFs.normal("a", 300_000), FaultFs.hang("stuck", 4 << 20, 0),
                FaultFs.normal("z", 300_000))) {
            File err = tmp.resolve("stderr").toFile();
            ProcessBuilder pb = BuiltJar.builder(args);
            pb.command().add(fs.dir().toString());
            Process p = pb.redirectError(err).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            try {
                Until.holds(Duration.ofSeconds(120), () -> "the hanging file to be opened: " + stderr(err),
                        () -> hasOpen(p, fs.path("stuck")));
                Thread.sleep(1000);  // into its read, which is never answered
                assertTrue(p.isAlive(), "ended before the signal: " + stderr(err));
                kill(signal, p);
                assertTrue(p.waitFor(BOUND_SECONDS, TimeUnit.SECONDS), "still running " + BOUND_SECONDS
                        + " s after one SIG" + signal + ": " + stderr(err));
            } finally {
                p.destroyForcibly();
            }
            String text = stderr(err);
            assertEquals(status, p.exitValue(), text);
            assertTrue(text.contains("dirdump: stopped by SIG" + signal + ": a call that had not returned 2 s after it"),
                    "its line: " + text);
        }
    }

    @Test
    void oneSigtermEndsAReadStuckOnAFuseFile() throws Exception {
        stoppedInAHangingRead("TERM", 143, "--force");
    }

    @Test
    void oneSigintEndsAReadStuckOnAFuseFile() throws Exception {
        stoppedInAHangingRead("INT", 130, "--force", "-j", "1");
    }

    @Test
    void oneSighupEndsAReadStuckOnAFuseFile() throws Exception {
        stoppedInAHangingRead("HUP", 129, "--force", "--prefetch", "2");
    }

    @Test
    void oneSigtermEndsALockStuckOnAFuseFile() throws Exception {
        stoppedInAHangingRead("TERM", 143, "lock");
    }

    @Test
    void theLineCountsWhatWasRead() throws Exception {
        stoppedInAHangingRead("TERM", 143, "--force", "-j", "1", "--order", "name");
        String text = Files.readString(tmp.resolve("stderr"));
        assertTrue(text.contains("; 1 file done, 293.0 KiB read before"), "the file before it is counted: " + text);
    }

    @Test
    void oneSigtermEndsAWalkWaitingOnASilentFilesFromFifo() throws Exception {
        stoppedWaitingOnASilentFifo("--force");
    }

    @Test
    void oneSigtermEndsStatusWaitingOnASilentFilesFromFifo() throws Exception {
        stoppedWaitingOnASilentFifo("status");
    }

    private void stoppedWaitingOnASilentFifo(String... args) throws Exception {
        Path fifo = tmp.resolve("list");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        File err = tmp.resolve("stderr").toFile();
        ProcessBuilder pb = BuiltJar.builder(args);
        pb.command().addAll(List.of("--files-from", fifo.toString()));
        Process p = pb.redirectError(err).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        Process writer = null;
        try {
            // Opened for writing once dirdump has it open for reading; then silent, and never closed.
            writer = new ProcessBuilder("sleep", "600").redirectOutput(fifo.toFile()).start();
            Until.holds(Duration.ofSeconds(120), () -> "the list to be opened: " + stderr(err), () -> hasOpen(p, fifo));
            Thread.sleep(1000);
            assertTrue(p.isAlive(), "ended before the signal: " + stderr(err));
            kill("TERM", p);
            assertTrue(p.waitFor(BOUND_SECONDS, TimeUnit.SECONDS), "still running " + BOUND_SECONDS
                    + " s after one SIGTERM: " + stderr(err));
        } finally {
            p.destroyForcibly();
            if (writer != null) {
                writer.destroyForcibly();
            }
        }
        assertEquals(143, p.exitValue(), stderr(err));
        assertTrue(stderr(err).contains("dirdump: stopped by SIGTERM"), stderr(err));
    }

    /** Whether process {@code p} has {@code file} open, or mapped (lock). */
    private static boolean hasOpen(Process p, Path file) throws IOException {
        assertTrue(p.isAlive(), "it ended");
        if (Files.readString(Path.of("/proc/" + p.pid() + "/maps")).contains(" " + file + "\n")) {
            return true;
        }
        File[] fds = new File("/proc/" + p.pid() + "/fd").listFiles();
        for (File fd : fds == null ? new File[0] : fds) {
            try {
                if (Files.readSymbolicLink(fd.toPath()).equals(file)) {
                    return true;
                }
            } catch (IOException e) {
                // closed meanwhile
            }
        }
        return false;
    }

    private static void kill(String signal, Process p) throws Exception {
        assertEquals(0, new ProcessBuilder("kill", "-" + signal, String.valueOf(p.pid())).start().waitFor());
    }
}
