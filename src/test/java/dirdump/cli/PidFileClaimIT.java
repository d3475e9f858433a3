package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.testing.BuiltJar;
import dirdump.testing.LockedMemory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two lock --daemon --pidfile started at once over a stale pid file: the pid file is claimed with a
 * lock the daemon holds for its life, so exactly one of them holds the set, the pid file names it, and
 * the other is refused in one line. Without it, both removed the stale file and both went on (ext4
 * gives a freed inode number to the next file, so that one's removal of the stale file took the other's
 * new one for it).
 */
class PidFileClaimIT {
    /**
     * Tries of the race on the real binary (about 7 s each): the race is random here, so PidFileTest's
     * in-process race is the check that fails every time without the claim; this one checks the binary.
     */
    private static final int TRIES = 6;
    /** Above any pid_max: no such process. */
    private static final String STALE = "99999999\n";

    @TempDir
    Path tmp;

    private Path data;
    private final List<Process> started = new ArrayList<>();

    @BeforeEach
    void tree() throws Exception {
        data = Files.createDirectories(tmp.resolve("data"));
        Files.writeString(data.resolve("a"), "locked\n");
    }

    /** Every daemon a try left, and every start still running, ended. */
    @AfterEach
    void end() throws Exception {
        for (ProcessHandle p : daemons("")) {
            p.destroyForcibly();
            p.onExit().get(60, TimeUnit.SECONDS);
        }
        started.forEach(Process::destroyForcibly);
    }

    @Test
    void twoDaemonsStartedTogetherOverAStalePidFileLeaveOneHoldingTheSet() throws Exception {
        for (int i = 0; i < TRIES; i++) {
            Path pidFile = Files.writeString(tmp.resolve("lock" + i + ".pid"), STALE);
            List<Process> both = new ArrayList<>();
            List<Path> errs = new ArrayList<>();
            for (int j = 0; j < 2; j++) {
                Path err = tmp.resolve("err" + i + "-" + j);
                errs.add(err);
                Process p = BuiltJar.builder("lock", "-q", "--daemon", "--pidfile", pidFile.toString(), data.toString())
                        .redirectError(err.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                started.add(p);
                both.add(p);
            }
            int[] status = new int[2];
            for (int j = 0; j < 2; j++) {
                assertTrue(both.get(j).waitFor(120, TimeUnit.SECONDS), "lock --daemon returns");
                status[j] = both.get(j).exitValue();
            }
            String said = Files.readString(errs.get(0)) + Files.readString(errs.get(1));
            Arrays.sort(status);
            assertEquals("[0, 2]", Arrays.toString(status), "try " + i + ": one holds, one is refused: " + said);
            assertTrue(said.matches("dirdump: --pidfile " + pidFile + ": [^\n]*\n"), "one line: " + said);

            List<ProcessHandle> daemons = daemons(pidFile.toString());
            assertEquals(1, daemons.size(), "try " + i + ": one daemon holds the set: " + said);
            long pid = Long.parseLong(Files.readString(pidFile).trim());
            assertEquals(pid, daemons.get(0).pid(), "the pid file names it");
            assertEquals(4096, LockedMemory.of(pid), "and it holds the set");
            ProcessHandle daemon = daemons.get(0);
            daemon.destroy();
            daemon.onExit().get(60, TimeUnit.SECONDS);
        }
    }

    /** The daemons alive whose command line names {@code pidFile} ("": any of this test's). */
    private List<ProcessHandle> daemons(String pidFile) {
        return ProcessHandle.allProcesses().filter(p -> p.info().arguments().map(a -> {
            List<String> args = List.of(a);
            int at = args.indexOf("--pidfile");
            String named = at >= 0 && at + 1 < args.size() ? args.get(at + 1) : "";
            return pidFile.isEmpty() ? named.startsWith(tmp.toString()) : named.equals(pidFile);
        }).orElse(false)).filter(ProcessHandle::isAlive).toList();
    }
}
