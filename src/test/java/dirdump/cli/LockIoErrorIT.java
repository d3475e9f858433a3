package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dirdump.testing.BuiltJar;
import dirdump.testing.Filefrag;
import dirdump.testing.Launched;
import dirdump.testing.LockedMemory;
import dirdump.testing.PageCache;
import dirdump.testing.ShortLoopDisk;
import dirdump.testing.Tools;
import dirdump.testing.Trees;
import dirdump.testing.Until;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * lock, run --lock and lock --daemon over a file whose pages cannot be read (ext4 on a loop device cut
 * short): mlock of such a page retries it in the kernel without end, so each would spin forever. The
 * file is that run's error, the readable one is locked, and every run ends. Each run here is bounded (a
 * lock that hangs fails the test, and is killed, with the daemon whose pid its pid file names).
 */
class LockIoErrorIT {
    private static final int MIB = 1 << 20;
    private static final String UNREADABLE = ": not locked: a page of it cannot be read (an I/O error, or the file "
            + "shrank since it was mapped)\n";

    @TempDir
    Path tmp;

    private ShortLoopDisk disk;
    private Path dir;
    /** Wholly before the cut: 64 pages, readable. */
    private Path good;
    /** Cut at 1 MiB of its 2. */
    private Path bad;
    private final List<Process> started = new ArrayList<>();
    private final List<Path> pidFiles = new ArrayList<>();

    @BeforeEach
    void brokenDisk() throws Exception {
        disk = ShortLoopDisk.create(tmp);
        dir = Files.createDirectories(disk.dir().resolve("D"));
        good = Trees.file(dir.resolve("good"), 256 << 10, 1);
        bad = Trees.file(dir.resolve("bad"), 2 * MIB, 2);
        Trees.sync(List.of(good, bad));
        Map<Path, Long> blocks = Filefrag.firstBlocks(List.of(good, bad));
        long cut = blocks.get(bad) * 4096 + MIB;
        assumeTrue(blocks.get(good) * 4096 + Files.size(good) <= blocks.get(bad) * 4096,
                "ext4 laid the files out in another order: " + blocks);
        PageCache.evict(List.of(good, bad));
        disk.cut(cut);
        assertThrows(IOException.class, () -> Files.readAllBytes(bad), "the cut makes reads past it fail");
    }

    /** Whatever a test left running is killed before the disk is unmounted (a mapping keeps it busy). */
    @AfterEach
    void end() throws Exception {
        for (Path pidFile : pidFiles) {
            if (Files.isRegularFile(pidFile)) {
                kill(Long.parseLong(Files.readString(pidFile).trim()));
            }
        }
        for (Process p : started) {
            for (ProcessHandle child : p.descendants().toList()) {
                kill(child.pid());
            }
            kill(p.pid());
        }
        if (disk != null) {
            disk.close();
        }
    }

    private static void kill(long pid) throws Exception {
        ProcessHandle p = ProcessHandle.of(pid).orElse(null);
        if (p != null) {
            p.destroyForcibly();
            p.onExit().get(60, TimeUnit.SECONDS);
        }
    }

    @Test
    void lockTellsTheFileAndHoldsTheReadableOne() throws Exception {
        Path err = tmp.resolve("lock.err");
        Process lock = BuiltJar.builder("lock", dir.toString()).redirectError(err.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        started.add(lock);
        Until.holds(Duration.ofSeconds(60), () -> "the lock to hold or end, not to spin: " + read(err),
                () -> !lock.isAlive() || read(err).contains("holding the lock"));
        assertTrue(lock.isAlive(), read(err));
        assertTrue(read(err).startsWith("dirdump: " + bad + UNREADABLE), read(err));
        assertEquals(64 * 4096, LockedMemory.of(lock.pid()), "good is locked, bad not");
        lock.destroy();
        assertTrue(lock.waitFor(60, TimeUnit.SECONDS), "SIGTERM ends it");
        assertEquals(1, lock.exitValue(), "some files could not be locked: " + read(err));
    }

    @Test
    void runLockEndsWithoutRunningCommand() throws Exception {
        Path ran = tmp.resolve("ran");
        Launched run = bounded(BuiltJar.builder("run", "--lock", dir.toString(), "--", "touch", ran.toString()));
        assertEquals(125, run.status(), run.err());
        assertTrue(run.err().startsWith("dirdump: " + bad + UNREADABLE), run.err());
        assertTrue(run.err().contains("dirdump: run: the warm-up failed (exit status 1)"), run.err());
        assertFalse(Files.exists(ran), "COMMAND not run");
    }

    @Test
    void daemonReturnsWithTheFilesErrorAndHoldsOnlyTheReadableOne() throws Exception {
        Path pidFile = tmp.resolve("lock.pid");
        pidFiles.add(pidFile);
        Launched lock = bounded(BuiltJar.builder("lock", "--daemon", "--pidfile", pidFile.toString(), dir.toString()));
        assertEquals(1, lock.status(), lock.err());
        assertTrue(lock.err().startsWith("dirdump: " + bad + UNREADABLE), lock.err());
        long pid = Long.parseLong(Files.readString(pidFile).trim());
        assertEquals(64 * 4096, LockedMemory.of(pid), "the daemon holds good, not bad");
        ProcessHandle daemon = ProcessHandle.of(pid).orElseThrow();
        assertTrue(daemon.destroy(), "SIGTERM sent");
        daemon.onExit().get(60, TimeUnit.SECONDS);
        assertFalse(Files.exists(pidFile), "removed at its end");
    }

    /** Nothing readable to hold: the command returns 1 with the file's error, and no daemon stays. */
    @Test
    void daemonWithNothingReadableEndsWithTheCaller() throws Exception {
        Path pidFile = tmp.resolve("none.pid");
        pidFiles.add(pidFile);
        Launched lock = bounded(BuiltJar.builder("lock", "--daemon", "--pidfile", pidFile.toString(), bad.toString()));
        assertEquals(1, lock.status(), lock.err());
        assertTrue(lock.err().startsWith("dirdump: " + bad + UNREADABLE), lock.err());
        Until.holds(Duration.ofSeconds(30), "the daemon to end, its pid file removed", () -> !Files.exists(pidFile)
                && ProcessHandle.allProcesses().noneMatch(p -> p.info().arguments()
                        .map(a -> List.of(a).contains(pidFile.toString())).orElse(false)));
    }

    /**
     * A kernel without MADV_POPULATE_READ (before 5.14), as strace makes one of this (every madvise
     * fails with EINVAL): each file is read (pread) before it is locked, and the read's error is its own.
     */
    @Test
    void withoutPopulateReadEachFileIsReadFirst() throws Exception {
        List<String> command = new ArrayList<>(List.of(Tools.which("strace").toString(), "-f", "-qq", "-o", "/dev/null",
                "-e", "trace=madvise", "-e", "inject=madvise:error=EINVAL"));
        command.addAll(BuiltJar.command("run", "--lock", dir.toString(), "--", "true"));
        Launched run = bounded(BuiltJar.builder(command));
        assertEquals(125, run.status(), run.err());
        assertTrue(run.err().startsWith("dirdump: " + bad + ": not locked: read: Input/output error\n"), run.err());
    }

    /**
     * As {@link Launched#of}, but a run that does not end within 90 s is killed with everything it
     * started (strace's tracee, the daemon), which would spin on after their parent.
     */
    private Launched bounded(ProcessBuilder pb) throws Exception {
        Path out = Files.createTempFile(tmp, "run", ".out");
        Path err = Files.createTempFile(tmp, "run", ".err");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile())).start();
        started.add(p);
        if (!p.waitFor(90, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", pb.command()) + " did not end within 90 s: " + read(err));
        }
        return new Launched(p.exitValue(), read(out), read(err));
    }

    private static String read(Path f) {
        try {
            return Files.exists(f) ? Files.readString(f) : "";
        } catch (IOException e) {
            return "";
        }
    }
}
