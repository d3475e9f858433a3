package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dirdump.testing.Attacker;
import dirdump.testing.BuiltJar;
import dirdump.testing.Traced;
import dirdump.testing.Trees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * lock --daemon --pidfile as root, where another user plants names: in a sticky directory like /tmp
 * before the lock, in a directory of theirs while it holds. What they plant is refused unread, or left
 * alone, and nothing blocks: every run ends, with one line and its status.
 */
class PidFileIT {

    @TempDir
    Path tmp;

    private Path data;
    private final List<Long> daemons = new ArrayList<>();
    private final ExecutorService background = Executors.newSingleThreadExecutor();

    @BeforeEach
    void tree() throws Exception {
        // The attacker must reach the directories below: @TempDir makes it 0700.
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        data = Files.createDirectories(tmp.resolve("data"));
        Files.writeString(data.resolve("a"), "locked\n");
    }

    /** A test that fails half way leaves no lock and no strace behind. */
    @AfterEach
    void end() {
        daemons.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
        background.shutdownNow();
    }

    @Test
    void aFifoPlantedAsThePidFileIsRefusedUnopened() throws Exception {
        refusedUnread("mkfifo lock.pid", "is a FIFO; not a pid file, left alone");
    }

    @Test
    void aLinkToDevZeroPlantedAsThePidFileIsRefusedUnfollowed() throws Exception {
        Traced traced = refusedUnread("ln -s /dev/zero lock.pid", "is a symbolic link; not a pid file, left alone");
        traced.assertNothingOpenedUnder(Path.of("/dev/zero"));
    }

    @Test
    void aLinkToEtcShadowPlantedAsThePidFileIsRefusedUnfollowed() throws Exception {
        Traced traced = refusedUnread("ln -s /etc/shadow lock.pid", "is a symbolic link; not a pid file, left alone");
        traced.assertNothingOpenedUnder(Path.of("/etc/shadow"));
    }

    /**
     * The attacker plants lock.pid in a sticky world-writable directory; root's lock --daemon --pidfile
     * there ends with 2 and one line, and neither process opens the name (nor what a link names).
     */
    private Traced refusedUnread(String plant, String why) throws Exception {
        Traced.assumeStrace();
        Traced traced;
        Path sticky;
        try (Attacker attacker = Attacker.account()) {
            sticky = Attacker.stickyDirectory(tmp, "sticky");
            assertEquals(0, attacker.sh(sticky, plant), plant);
            traced = Traced.run(BuiltJar.builder("lock", "--daemon", "--pidfile",
                    sticky.resolve("lock.pid").toString(), data.toString()));
        }
        Path pidFile = sticky.resolve("lock.pid");
        assertEquals(2, traced.run().status(), traced.run().err());
        assertEquals("dirdump: --pidfile " + pidFile + ": " + why + "\n", traced.run().err());
        traced.assertNothingOpenedUnder(sticky);
        traced.assertNoDeviceOpened();
        assertEquals(0, Trees.sh(sticky, "test -p lock.pid || test -L lock.pid"), "left where it was planted");
        return traced;
    }

    /**
     * The attacker renames a stale-looking pid file, a FIFO and a link to /dev/zero over the name in
     * turn, in a sticky directory, while root's locks start there one after another (each ends by
     * itself: its PATH does not exist, after the pid file is written, or refused). Whatever each meets,
     * it ends with one line, never blocks, and never opens /dev/zero. A link renamed over a stale file
     * between the fstatat that found it and the open (O_NOFOLLOW: ELOOP) is told as a link found first.
     */
    @Test
    void namesSwappedWhileLocksStartNeverBlockThem() throws Exception {
        Traced.assumeStrace();
        try (Attacker attacker = Attacker.account()) {
            Path sticky = Attacker.stickyDirectory(tmp, "sticky");
            Path pidFile = sticky.resolve("lock.pid");
            Path missing = tmp.resolve("missing");
            attacker.race(sticky, "i=0; while [ $i -lt 3000 ]; do echo 999999999 >r; mkfifo q; ln -s /dev/zero z; "
                    + "mv -f r lock.pid; mv -f q lock.pid; mv -f z lock.pid; i=$((i+1)); done");
            List<String> allowed = List.of("dirdump: " + missing + ": No such file or directory",
                    "dirdump: --pidfile " + pidFile + ": is a FIFO; not a pid file, left alone",
                    "dirdump: --pidfile " + pidFile + ": is a symbolic link; not a pid file, left alone",
                    "dirdump: --pidfile " + pidFile + ": another file since it was found, not a regular file; not opened",
                    "dirdump: --pidfile " + pidFile + ": another process wrote it meanwhile");
            for (int run = 0; run < 8; run++) {
                Traced traced = Traced.run(BuiltJar.builder("lock", "-q", "--pidfile",
                        pidFile.toString(), missing.toString()));
                assertEquals(2, traced.run().status(), traced.run().err());
                assertTrue(allowed.contains(traced.run().err().replaceFirst("\n$", "")), traced.run().err());
                traced.assertNoDeviceOpened();
            }
        }
    }

    /**
     * The pid file in a directory the attacker owns, which they swap for a FIFO while the daemon holds
     * the lock: SIGTERM ends the daemon all the same, and the FIFO is left alone, never opened.
     */
    @Test
    void aPidFileSwappedForAFifoWhileLockedIsLeftAloneAndSigtermEndsTheLock() throws Exception {
        Traced.assumeStrace();
        try (Attacker attacker = Attacker.account()) {
            Path theirs = attacker.ownedDirectory(tmp, "theirs");
            Path pidFile = theirs.resolve("lock.pid");
            Future<Traced> run = background.submit(() -> Traced.run(BuiltJar.builder("lock",
                    "-q", "--daemon", "--pidfile", pidFile.toString(), data.toString())));
            long pid = lockedDaemon(pidFile, run);

            assertEquals(0, attacker.sh(theirs, "mkfifo swap && mv -f swap lock.pid"), "the FIFO swapped in");
            assertTrue(ProcessHandle.of(pid).orElseThrow().destroy(), "SIGTERM sent");
            Traced traced;
            try {
                traced = run.get(60, TimeUnit.SECONDS);  // strace -f ends with the last process it traces
            } catch (TimeoutException e) {
                throw new AssertionError("the daemon did not end within 60 s of SIGTERM, its pid file a FIFO");
            }
            assertEquals(0, traced.run().status(), traced.run().err());
            assertEquals("", traced.run().err());
            ended(pid);
            assertEquals(0, Trees.sh(theirs, "test -p lock.pid"), "the FIFO left alone");
            assertEquals(1, traced.opened().stream().filter(pidFile.toString()::equals).count(),
                    "lock.pid opened once, to write it; the FIFO in its place never: " + traced.opened());
            traced.assertNoDeviceOpened();
        }
    }

    /** Waits (at most 30 s) for the daemon, which strace saw end, to be reaped: it is no child of this process. */
    private static void ended(long pid) throws Exception {
        ProcessHandle daemon = ProcessHandle.of(pid).orElse(null);
        if (daemon != null) {
            try {
                daemon.onExit().get(30, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                throw new AssertionError("the daemon " + pid + " still runs after SIGTERM");
            }
        }
    }

    /**
     * The daemon's pid, once `lock --daemon` has returned (the daemon's parent is gone: the set is
     * locked) and the daemon still runs. Bounded: the run under strace, at most 120 s.
     */
    private long lockedDaemon(Path pidFile, Future<Traced> run) throws Exception {
        for (int i = 0; i < 1200; i++) {
            if (run.isDone()) {
                fail("lock --daemon ended before it was signalled: " + run.get().run().err());
            }
            if (Files.isRegularFile(pidFile) && !Files.readString(pidFile).isBlank()) {
                long pid = Long.parseLong(Files.readString(pidFile).trim());
                daemons.add(pid);
                ProcessHandle daemon = ProcessHandle.of(pid).orElseThrow();
                long parent = daemon.parent().map(ProcessHandle::pid).orElse(-1L);
                for (int j = i; j < 1200 && ProcessHandle.of(parent).map(ProcessHandle::isAlive).orElse(false); j++) {
                    Thread.sleep(100);
                }
                assertTrue(daemon.isAlive(), "the daemon holds the lock");
                return pid;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no pid file within 120 s");
    }
}
