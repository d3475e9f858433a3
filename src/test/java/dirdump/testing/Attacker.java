package dirdump.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

/**
 * The hostile local user of the root-safety tests: a second account, created by the first test that
 * needs it ({@code useradd}), whose commands run through {@code setpriv} with its uid, gid and no other
 * group. The tests run as root (as CI does), and only when they may change the machine
 * ({@link SystemTests}); elsewhere they are skipped, with the reason. The account is this JVM's own
 * (its pid in the name: two test runs at once never share one), removed at the end of the run
 * ({@link SystemTestsSession}); one whose JVM ended without removing it (killed) is removed by the
 * next run that makes one.
 */
public final class Attacker implements AutoCloseable {
    private static final String PREFIX = "dirdump-attacker-";
    public static final String NAME = PREFIX + ProcessHandle.current().pid();
    private static final Path ROOT = Path.of("/");

    private static int uid = -1;
    private static int gid = -1;

    private final List<Process> started = new ArrayList<>();

    /** The account, created if missing; skips the test where that cannot be done (not allowed, not root, no useradd). */
    public static synchronized Attacker account() throws Exception {
        SystemTests.assumeAllowed("adds the account " + NAME + " for the run");
        assumeTrue(AsUser.isRoot(), "the attacker is a second account: needs root to create it and switch to it");
        assumeTrue(Trees.sh(ROOT, "command -v setpriv >/dev/null") == 0, "no setpriv (util-linux) here");
        if (uid < 0) {
            removeLeftAccounts();
            // Already there only if a killed JVM of this pid left it: then it is ours to use and remove.
            int made = Trees.sh(ROOT, "useradd --system --no-create-home --shell /usr/sbin/nologin " + NAME
                    + " 2>/dev/null || id -u " + NAME + " >/dev/null 2>&1");
            assumeTrue(made == 0, "cannot create the account " + NAME + " (useradd)");
            uid = Integer.parseInt(Trees.shOutput(ROOT, "id -u " + NAME).trim());
            gid = Integer.parseInt(Trees.shOutput(ROOT, "id -g " + NAME).trim());
        }
        return new Attacker();
    }

    /**
     * Removes the account (and its group) if this JVM made it: at the end of the run. A test that asks
     * for one again gets a new one.
     */
    public static synchronized void removeAccount() throws IOException, InterruptedException {
        if (uid >= 0) {
            String out = Trees.shOutput(ROOT, "userdel " + NAME + " 2>&1 || echo failed");
            if (!out.isEmpty()) {
                throw new IOException("userdel " + NAME + ": " + out.trim());
            }
            uid = -1;
            gid = -1;
        }
    }

    /** The accounts of test runs whose JVM is gone: each is removed. */
    private static void removeLeftAccounts() throws IOException, InterruptedException {
        for (String line : Trees.shOutput(ROOT, "getent passwd").lines().toList()) {
            String name = line.substring(0, Math.max(0, line.indexOf(':')));
            if (name.matches(PREFIX + "[0-9]{1,18}")
                    && ProcessHandle.of(Long.parseLong(name.substring(PREFIX.length()))).isEmpty()) {
                Trees.sh(ROOT, "userdel " + name + " 2>/dev/null");
            }
        }
    }

    public int uid() {
        return uid;
    }

    public int gid() {
        return gid;
    }

    /** setpriv's words that run what follows them as the attacker. */
    public List<String> asAttacker() {
        return List.of("setpriv", "--reuid=" + uid, "--regid=" + gid, "--clear-groups");
    }

    /** A sticky, world-writable directory like /tmp: anyone may plant a name there. */
    public static Path stickyDirectory(Path parent, String name) throws IOException {
        Path dir = Files.createDirectories(parent.resolve(name));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
        try {
            Trees.sh(dir, "chmod 1777 .");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
        return dir;
    }

    /** A directory the attacker owns (mode 0755): only the attacker may change the names in it. */
    public Path ownedDirectory(Path parent, String name) throws Exception {
        Path dir = Files.createDirectories(parent.resolve(name));
        chown(dir);
        return dir;
    }

    /** Gives {@code path} (not following a link) to the attacker. */
    public void chown(Path path) throws Exception {
        assumeTrue(Trees.sh(path.getParent(), "chown -h " + uid + ":" + gid + " '" + path + "'") == 0,
                "cannot chown " + path);
    }

    /**
     * Runs {@code script} with sh as the attacker, in {@code dir}, to its end (at most 60 s): the
     * planting done before dirdump runs. Returns its exit status.
     */
    public int sh(Path dir, String script) throws Exception {
        Process p = builder(dir, script).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("the attacker's script did not finish: " + script);
        }
        return p.exitValue();
    }

    /**
     * Starts {@code script} with sh as the attacker, in {@code dir}, in the background: a race against
     * dirdump (a rename loop, an inotifywait loop). The script must bound itself (a count or a time);
     * {@link #close} ends it by its pid in any case.
     */
    public Process race(Path dir, String script) throws IOException {
        Process p = builder(dir, script).start();
        started.add(p);
        return p;
    }

    private ProcessBuilder builder(Path dir, String script) {
        List<String> command = new ArrayList<>(asAttacker());
        command.addAll(List.of("sh", "-c", script));
        return new ProcessBuilder(command).directory(dir.toFile())
                .redirectInput(new File("/dev/null"))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
    }

    /**
     * Ends the races still running, by pid: each shell stopped first (SIGSTOP), so that it starts no more
     * commands, then the commands it started, waited for, then the shell. A command started after the
     * shell's children were listed, and the shell then killed, would go on and write into the test's
     * directory while it is being deleted.
     */
    @Override
    public void close() throws InterruptedException {
        for (Process p : started) {
            stop(p.pid());
            List<ProcessHandle> commands = p.descendants().collect(Collectors.toList());
            commands.forEach(ProcessHandle::destroyForcibly);
            for (ProcessHandle c : commands) {
                try {
                    c.onExit().get(10, TimeUnit.SECONDS);
                } catch (ExecutionException | TimeoutException e) {
                    // not ended within 10 s of SIGKILL: nothing more to do about it here
                }
            }
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
        started.clear();
    }

    private static void stop(long pid) throws InterruptedException {
        try {
            new ProcessBuilder("kill", "-STOP", Long.toString(pid)).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
        } catch (IOException e) {
            // no kill(1): the shell is killed below all the same
        }
    }
}
