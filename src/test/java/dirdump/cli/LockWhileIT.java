package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.testing.BuiltJar;
import dirdump.testing.Launched;
import dirdump.testing.LockedMemory;
import dirdump.testing.Trees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** lock --while PID: the lock ends when PID does (a pidfd polled), and a PID not running is refused. */
class LockWhileIT {

    @TempDir
    Path tmp;

    @Test
    void theLockEndsWhenItsOwnerEnds() throws Exception {
        List<Path> files = Trees.randomTree(tmp.resolve("data"), 10, 16_000, 5);
        Process owner = new ProcessBuilder("sleep", "120").start();
        Path pidFile = tmp.resolve("lock.pid");
        try {
            Launched lock = BuiltJar.run("lock", "-q", "--daemon", "--while",
                    Long.toString(owner.pid()), "--pidfile", pidFile.toString(), tmp.resolve("data").toString());
            assertEquals(0, lock.status(), lock.err());
            ProcessHandle daemon = ProcessHandle.of(Long.parseLong(Files.readString(pidFile).trim())).orElseThrow();
            try {
                assertTrue(LockedMemory.of(daemon.pid()) > 0, "locked while its owner runs");
                owner.destroy();
                daemon.onExit().get(60, TimeUnit.SECONDS);
            } finally {
                daemon.destroy();
            }
            assertFalse(Files.exists(pidFile), "ended as by SIGTERM: its pid file removed");
        } finally {
            owner.destroyForcibly();
        }
        assertEquals(10, files.size());
    }

    @Test
    void anOwnerThatIsNotRunningIsRefused() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Launched lock = BuiltJar.run("lock", "--while", Long.toString(gone.pid()), tmp.toString());
        assertEquals(2, lock.status());
        assertEquals("dirdump: --while " + gone.pid() + ": no such process\n", lock.err());
    }
}
