package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonObject;
import dirdump.outcome.Units;
import dirdump.testing.AsUser;
import dirdump.testing.BuiltJar;
import dirdump.testing.DirdumpRun;
import dirdump.testing.Launched;
import dirdump.testing.LockedMemory;
import dirdump.testing.PageCache;
import dirdump.testing.RunSchema;
import dirdump.testing.Tools;
import dirdump.testing.Trees;
import dirdump.testing.Until;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** dirdump lock through the launcher: --daemon returns once the set is locked, the lock holds, a signal ends it. */
class LockIT {

    @TempDir
    Path tmp;

    private Path data;
    private List<Path> files;
    private long pages;
    private final List<Long> daemons = new ArrayList<>();

    @BeforeEach
    void tree() throws Exception {
        data = tmp.resolve("data");
        // Files of at most 16 KB: whichever comes first in disk order fits a --max-locked of 64K, and the
        // 40 of them together (about 320 KB) do not.
        files = Trees.randomTree(data, 40, 16_000, 3);
        for (Path f : files) {
            pages += (Files.size(f) + 4095) / 4096;
        }
        Trees.sync(files);  // written out, so that an evict can drop them once unlocked
    }

    /** A test that fails half way leaves no lock behind. */
    @AfterEach
    void endDaemons() {
        daemons.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy));
    }

    private long daemon(Path pidFile) throws Exception {
        long pid = Long.parseLong(Files.readString(pidFile).trim());
        daemons.add(pid);
        return pid;
    }

    private static void endAndWait(long pid) throws Exception {
        ProcessHandle p = ProcessHandle.of(pid).orElseThrow();
        assertTrue(p.destroy(), "SIGTERM sent");
        p.onExit().get(60, TimeUnit.SECONDS);
    }

    @Test
    void theLockShowsInVmLckSurvivesAnEvictAndEndsWithSigterm() throws Exception {
        Path pidFile = tmp.resolve("lock.pid");
        PageCache.retryIfDropped(() -> {
            Launched lock = BuiltJar.run("lock", "--daemon", "--pidfile", pidFile.toString(),
                    "--json", data.toString());
            assertEquals(0, lock.status(), lock.err());
            RunSchema.check(lock.out());
            JsonObject o = lock.json();
            long pid = daemon(pidFile);
            try {
                assertEquals(pid, o.get("pid").getAsLong(), "the pid file names the process that holds the lock");
                assertEquals(files.size(), o.get("files_locked").getAsLong());
                assertEquals(pages * 4096, o.get("bytes_locked").getAsLong());
                assertEquals(pages * 4096, LockedMemory.of(pid), "VmLck grows by the set's size");
                assertFalse(ProcessHandle.current().pid() == ProcessHandle.of(pid).orElseThrow().parent()
                        .map(ProcessHandle::pid).orElse(-1L), "detached");

                // evict tells each file whose pages stay (locked here) and exits 1, as for any file it could not drop
                DirdumpRun evict = DirdumpRun.json("evict", data);
                assertEquals(1, evict.status(), evict.err());
                assertTrue(evict.err().contains("pages still in the page cache (mapped or locked by a process"), evict.err());
                DirdumpRun status = DirdumpRun.json("status", data);
                assertEquals(100.0, status.summary().get("percent").getAsDouble(), "locked pages stay through an evict");

                Launched second = BuiltJar.run("lock", "--pidfile", pidFile.toString(), data.toString());
                assertEquals(2, second.status());
                assertEquals("dirdump: --pidfile " + pidFile + ": locked by another process (a lock already; it names "
                        + "process " + pid + ")\n", second.err());
            } finally {
                endAndWait(pid);
            }
            assertFalse(Files.exists(pidFile), "removed at the end");
            assertEquals(0, DirdumpRun.of("-q", "evict", data).status());
            assertEquals(0.0, DirdumpRun.json("status", data).summary().get("percent").getAsDouble(),
                    "unlocked: evicted now");
        });
    }

    @Test
    void theReleaseIsOneLineOnStderrAndNoneWithQuiet() throws Exception {
        String released = "dirdump: released 40 files, " + Units.bytes(pages * 4096) + " (SIGTERM)\n";
        String normal = lockUntilSigterm(List.of("lock", data.toString()), "holding the lock");
        assertTrue(normal.contains("\n  holding the lock until SIGINT, SIGTERM or SIGHUP (pid ") && normal.endsWith(")\n" + released),
                normal);
        assertEquals("", lockUntilSigterm(List.of("lock", "-q", "--pidfile", tmp.resolve("q.pid").toString(),
                data.toString()), null), "-q: nothing, the release neither");
    }

    /**
     * The stderr of a lock ended by SIGTERM once it holds: once {@code ready} is on its stderr, or (null)
     * once the process its pid file names has the set locked.
     */
    private String lockUntilSigterm(List<String> args, String ready) throws Exception {
        Path err = tmp.resolve("lock.err");
        Process p = BuiltJar.builder(BuiltJar.command(args.toArray(String[]::new))).redirectError(err.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        daemons.add(p.pid());
        Path pidFile = ready == null ? Path.of(args.get(args.indexOf("--pidfile") + 1)) : null;
        Until.holds(Duration.ofSeconds(120), "the lock to hold", () -> !p.isAlive() || (ready == null
                ? Files.exists(pidFile) && Files.size(pidFile) > 0
                        && LockedMemory.of(Long.parseLong(Files.readString(pidFile).trim())) == pages * 4096
                : Files.readString(err).contains(ready)));
        p.destroy();
        assertEquals(0, p.waitFor(), "SIGTERM is the lock's normal end: " + Files.readString(err));
        return Files.readString(err);
    }

    @Test
    void aStalePidFileIsReplacedAndOneThatHoldsNoPidIsLeftAlone() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path pidFile = Files.writeString(tmp.resolve("stale.pid"), gone.pid() + "\n");
        Launched lock = BuiltJar.run("lock", "-q", "--daemon", "--pidfile", pidFile.toString(),
                data.toString());
        assertEquals(0, lock.status(), lock.err());
        long pid = daemon(pidFile);
        assertTrue(pid != gone.pid());
        endAndWait(pid);

        Path notOne = Files.writeString(tmp.resolve("notes.txt"), "keep me\n");
        Launched refused = BuiltJar.run("lock", "--daemon", "--pidfile", notOne.toString(),
                data.toString());
        assertEquals(2, refused.status());
        assertEquals("dirdump: --pidfile " + notOne + ": exists and holds no pid; not a pid file of dirdump's, left "
                + "alone\n", refused.err());
        assertEquals("keep me\n", Files.readString(notOne));
    }

    /**
     * Under a small RLIMIT_MEMLOCK (prlimit), without CAP_IPC_LOCK (root's: setpriv drops it), a set that
     * does not fit is refused before anything is locked, and --max-locked locks what fits.
     */
    @Test
    void aSetBeyondRlimitMemlockIsRefusedBeforeAnythingIsLocked() throws Exception {
        List<String> limited = new ArrayList<>(List.of(Tools.which("prlimit").toString(), "--memlock=65536:65536"));
        if (AsUser.isRoot()) {
            limited.addAll(List.of(Tools.which("setpriv").toString(), "--bounding-set=-ipc_lock",
                    "--inh-caps=-ipc_lock"));
        }
        limited.addAll(BuiltJar.command());
        List<String> refuse = new ArrayList<>(limited);
        refuse.addAll(List.of("lock", data.toString()));
        Launched refused = Launched.of(BuiltJar.builder(refuse));
        assertEquals(2, refused.status());
        assertTrue(refused.err().startsWith("dirdump: cannot lock: the set needs "), refused.err());
        assertTrue(refused.err().endsWith(" locked, more than RLIMIT_MEMLOCK allows (64.0 KiB; ulimit -l, "
                + "LimitMEMLOCK= in a systemd unit): raise it, or give --max-locked\n"), refused.err());

        Path pidFile = tmp.resolve("capped.pid");
        List<String> capped = new ArrayList<>(limited);
        capped.addAll(List.of("lock", "--daemon", "--pidfile", pidFile.toString(), "--json", "--max-locked", "64K",
                data.toString()));
        Launched lock = Launched.of(BuiltJar.builder(capped));
        assertEquals(0, lock.status(), lock.err());
        long pid = daemon(pidFile);
        JsonObject o = lock.json();
        long locked = o.get("bytes_locked").getAsLong();
        assertTrue(locked > 0 && locked <= 65536, lock.out());
        assertEquals(locked, LockedMemory.of(pid));
        assertEquals(files.size(), o.get("files_locked").getAsLong() + o.getAsJsonObject("left_out").get("files")
                .getAsLong());
        endAndWait(pid);
    }

    /**
     * As an ordinary user (nobody, where the tests run as root) under a small RLIMIT_MEMLOCK, a lock
     * --json refused writes its record, which says why, with or without --daemon.
     */
    @Test
    void aLockRefusedByRlimitMemlockWritesItsJsonRecord() throws Exception {
        List<String> user = new ArrayList<>();
        if (AsUser.isRoot()) {
            assumeTrue(Trees.sh(tmp, "command -v setpriv >/dev/null") == 0, "no setpriv (util-linux) here");
            Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
            user.addAll(List.of(Tools.which("setpriv").toString(), "--reuid=" + AsUser.NOBODY,
                    "--regid=" + AsUser.NOBODY, "--clear-groups"));
        }
        user.addAll(List.of(Tools.which("prlimit").toString(), "--memlock=65536:65536"));
        user.addAll(BuiltJar.command("lock", "--json"));
        for (boolean daemon : new boolean[] {false, true}) {
            List<String> refuse = new ArrayList<>(user);
            if (daemon) {
                refuse.add("--daemon");
            }
            refuse.add(data.toString());
            Launched refused = Launched.of(BuiltJar.builder(refuse));
            assertEquals(2, refused.status(), refused.err());
            assertTrue(refused.err().startsWith("dirdump: cannot lock: the set needs "), refused.err());
            RunSchema.check(refused.out());
            JsonObject o = refused.json();
            assertEquals(2, o.get("exit_status").getAsInt());
            assertTrue(o.get("refused").getAsString().contains("more than RLIMIT_MEMLOCK allows (64.0 KiB;"),
                    refused.out());
            assertEquals(0, o.get("files_locked").getAsLong());
            assertEquals(0, o.get("bytes_locked").getAsLong());
            assertTrue(o.get("pid").isJsonNull(), "nothing holds a lock");
        }
    }

    @Test
    void aListBeforeLockIsWhatItLocks() throws Exception {
        Path pidFile = tmp.resolve("listed.pid");
        Path list = Files.writeString(tmp.resolve("list"), files.get(0) + "\n" + files.get(1) + "\n");
        Launched lock = BuiltJar.run("--files-from", list.toString(), "lock", "--daemon",
                "--pidfile", pidFile.toString(), "--json");
        assertEquals(0, lock.status(), lock.err());
        long pid = daemon(pidFile);
        try {
            assertEquals(2, lock.json().get("files_locked").getAsLong());
        } finally {
            endAndWait(pid);
        }
    }
}
