package dirdump.proc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.sys.PathNames;
import dirdump.sys.Processes;
import dirdump.sys.SysException;
import dirdump.sys.WatchedProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * run's COMMAND started for real, through libc (posix_spawnp) and through java.lang.ProcessBuilder (the
 * fallback): why it could not start is told the same way by both, from sys's outcomes.
 */
class ChildCommandTest {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aMissingCommandIsNotFound(boolean withoutLibc) {
        CannotStart e = assertThrows(CannotStart.class, () -> command("no-such-command-here").run(processes(withoutLibc)));
        assertEquals("no-such-command-here: command not found", e.getMessage());
        assertTrue(e.notFound());
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aMissingPathIsNotFoundInTheKernelsWords(boolean withoutLibc) {
        String missing = tmp.resolve("no-such-dir/prog").toString();
        CannotStart e = assertThrows(CannotStart.class, () -> command(missing).run(processes(withoutLibc)));
        assertEquals(missing + ": No such file or directory", e.getMessage());
        assertTrue(e.notFound());
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aFileThatCannotBeRunIsRefused(boolean withoutLibc) throws Exception {
        Path plain = Files.writeString(tmp.resolve("plain"), "exit 3\n");
        CannotStart e = assertThrows(CannotStart.class, () -> command(plain.toString()).run(processes(withoutLibc)));
        assertEquals(plain + ": Permission denied", e.getMessage());
        assertFalse(e.notFound());
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aScriptWithoutAnInterpreterLineIsRunByTheShell(boolean withoutLibc) throws Exception {
        Path script = Files.writeString(tmp.resolve("no-shebang"), "test \"$1\" = a && exit 5\nexit 9\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        assertEquals(5, command(script.toString(), "a").run(processes(withoutLibc)));
    }

    private static ChildCommand command(String... words) {
        List<byte[]> environment = List.of(PathNames.bytes("PATH=" + System.getenv("PATH")));
        return new ChildCommand(List.of(words), environment, 0, 0, Set.of(0, 1, 2));
    }

    /** libc's, or the same calls claiming to be the fallback, so that COMMAND is started by ProcessBuilder. */
    private static Processes processes(boolean withoutLibc) {
        Processes libc = Processes.load();
        assertEquals(null, libc.fallbackReason(), "libc is bound here");
        return withoutLibc ? new Fallback(libc) : libc;
    }

    private record Fallback(Processes libc) implements Processes {
        @Override
        public String fallbackReason() {
            return "this test's";
        }

        @Override
        public int effectiveUid() throws SysException {
            return libc.effectiveUid();
        }

        @Override
        public void setIoPriority(int ioClass, int level) throws SysException {
            libc.setIoPriority(ioClass, level);
        }

        @Override
        public long memoryLockLimit() throws SysException {
            return libc.memoryLockLimit();
        }

        @Override
        public void newSession() throws SysException {
            libc.newSession();
        }

        @Override
        public void detachStandardStreams() throws SysException {
            libc.detachStandardStreams();
        }

        @Override
        public void signal(long pid, int signal) throws SysException {
            libc.signal(pid, signal);
        }

        @Override
        public WatchedProcess watch(long pid) throws SysException {
            return libc.watch(pid);
        }

        @Override
        public long spawn(List<byte[]> argv, List<byte[]> env, long ignored, long blocked, Set<Integer> descriptors)
                throws SysException {
            throw new AssertionError("the fallback starts COMMAND with ProcessBuilder");
        }

        @Override
        public int waitFor(long pid) throws SysException {
            throw new AssertionError("the fallback waits with Process.waitFor");
        }
    }
}
