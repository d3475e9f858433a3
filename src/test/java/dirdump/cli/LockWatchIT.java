package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.testing.BuiltJar;
import dirdump.testing.Launched;
import dirdump.testing.LockedMemory;
import dirdump.testing.Trees;
import dirdump.testing.Until;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** dirdump lock --watch through the launcher: a daemon that locks what comes, unlocks what goes, and ends with SIGTERM. */
class LockWatchIT {
    private static final Duration CATCH_UP = Duration.ofSeconds(20);

    @TempDir
    Path tmp;

    private static long pages(Path f) throws Exception {
        return (Files.size(f) + 4095) / 4096 * 4096;
    }

    @Test
    void aWatchingDaemonLocksANewDirectorysFileUnlocksARemovedOneAndEndsWithSigterm() throws Exception {
        Path data = tmp.resolve("data");
        List<Path> files = Trees.randomTree(data, 10, 16_000, 3);
        long set = 0;
        for (Path f : files) {
            set += pages(f);
        }
        Path pidFile = tmp.resolve("lock.pid");
        Launched lock = BuiltJar.run("lock", "--watch", "--daemon", "--pidfile", pidFile.toString(), "-q", data.toString());
        assertEquals(0, lock.status(), lock.err());
        long pid = Long.parseLong(Files.readString(pidFile).trim());
        ProcessHandle daemon = ProcessHandle.of(pid).orElseThrow();
        try {
            assertEquals(set, LockedMemory.of(pid));
            // A directory made with a file in it at once: joined, and what it holds locked.
            Trees.file(data.resolve("new/added"), 1 << 20, 1);
            long grown = set + (1 << 20);
            Until.holds(CATCH_UP, "the new directory's file locked", () -> LockedMemory.of(pid) == grown);
            long removed = grown - pages(files.get(0));
            Files.delete(files.get(0));
            Until.holds(CATCH_UP, "the removed file unlocked", () -> LockedMemory.of(pid) == removed);
        } finally {
            assertTrue(daemon.destroy(), "SIGTERM sent");
            daemon.onExit().get(60, TimeUnit.SECONDS);
        }
        assertFalse(Files.exists(pidFile), "removed at the end");
    }
}
