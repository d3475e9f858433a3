package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dirdump.testing.AsUser;
import dirdump.testing.Launched;
import dirdump.testing.SystemTests;
import dirdump.testing.Tools;
import dirdump.testing.Trees;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cron example the .deb ships (share/doc/dirdump/examples/dirdump-warm), run by Debian's cron
 * daemon, started here: it finds dirdump on its PATH, and says nothing (so cron mails nothing) and
 * exits 0 when all is well.
 */
class CronIT {
    private static final Path CRON = Path.of("/usr/sbin/cron");
    private static final Path DPKG_DEB = Path.of("/usr/bin/dpkg-deb");
    /** The entry runs at the next minute; the JVM's start and the read take a few seconds more. */
    private static final long WAIT_SECONDS = 75;

    @TempDir
    Path tmp;

    @Test
    void theExampleRunsUnderCronSilentlyWithExitStatus0() throws Exception {
        SystemTests.assumeAllowed("adds a file to /etc/cron.d and starts cron");
        assumeTrue(AsUser.isRoot(), "only root can add an /etc/cron.d file and start cron");
        assumeTrue(Files.isExecutable(CRON), "Debian's cron is not installed (.ci/run installs it)");
        assumeTrue(Files.isExecutable(DPKG_DEB), "dpkg-deb is needed to unpack the .deb");
        assumeTrue(!cronIsRunning(), "a cron daemon is running already: this test starts its own");
        String version = InstallIT.version();
        assumeTrue(Files.exists(Path.of("target/dirdump-" + version + ".tar.gz")), "mvn package makes the .deb");

        // The .deb's files, and what its postinst makes (the class-data archive: no cache directory in root's home).
        Path root = tmp.resolve("root");
        assertEquals(0, Launched.of(new ProcessBuilder(DPKG_DEB.toString(), "-x", InstallIT.deb(version).toString(), root.toString())).status());
        Path usr = root.resolve("usr");
        Launched made = Launched.of(new ProcessBuilder(usr.resolve("lib/dirdump/make-archive").toString()));
        assertEquals(0, made.status(), made.err());
        Path set = tmp.resolve("set");
        Trees.randomTree(set, 50, 10_000, 3);

        // The example, with this directory for /data/set, the unpacked /usr/bin first on its PATH (where
        // the installed package has /usr/bin), and every minute. Its command runs in a wrapper that keeps
        // what cron would mail (its output) and its exit status.
        String example = Files.readString(usr.resolve("share/doc/dirdump/examples/dirdump-warm"));
        String path = example.lines().filter(l -> l.startsWith("PATH=")).findFirst().orElseThrow();
        assertTrue(List.of(path.substring(5).split(":")).containsAll(List.of("/usr/bin", "/usr/local/bin")), path);
        String entry = example.lines().filter(l -> l.startsWith("*/15 ")).findFirst().orElseThrow();
        String command = entry.replaceFirst("^\\*/15 \\* \\* \\* \\* root ", "")
                .replace("/run/dirdump-warm.lock", tmp.resolve("lock").toString())
                .replace("/data/set", set.toString());
        assertTrue(command.startsWith("flock -n ") && command.contains(" dirdump -q "), command);
        Path output = tmp.resolve("output");
        Path status = tmp.resolve("status");
        Path wrapper = Tools.script(tmp.resolve("job"), "/bin/sh -c '" + command + "' >" + output + " 2>&1",
                "echo $? >" + status + ".part && mv " + status + ".part " + status);
        String cronFile = example.replace(path, "PATH=" + usr.resolve("bin") + ":" + path.substring(5))
                .replace(entry, "* * * * * root " + wrapper);

        // cron skips names with a dot, and files others can write.
        Path job = Path.of("/etc/cron.d/dirdump-it-" + ProcessHandle.current().pid() + "-" + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 1));
        Process cron = null;
        // What cron makes of its own (its pid file, its mark that @reboot entries ran): removed after, if new.
        List<Path> cronsFiles = new ArrayList<>();
        for (Path f : List.of(Path.of("/run/crond.pid"), Path.of("/run/crond.reboot"))) {
            if (!Files.exists(f, LinkOption.NOFOLLOW_LINKS)) {
                cronsFiles.add(f);
            }
        }
        try {
            Files.writeString(job, cronFile);
            Files.setPosixFilePermissions(job, PosixFilePermissions.fromString("rw-r--r--"));
            cron = new ProcessBuilder(CRON.toString(), "-f").redirectErrorStream(true)
                    .redirectOutput(tmp.resolve("cron.log").toFile()).redirectInput(new File("/dev/null")).start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
            while (!Files.exists(status) && cron.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(500);
            }
            assertTrue(Files.exists(status), "cron did not run the job within " + WAIT_SECONDS + " s; cron: "
                    + Files.readString(tmp.resolve("cron.log")));
        } finally {
            Files.deleteIfExists(job);
            if (cron != null) {
                cron.destroy();
                if (!cron.waitFor(10, TimeUnit.SECONDS)) {
                    cron.destroyForcibly();
                    cron.waitFor(10, TimeUnit.SECONDS);
                }
            }
            for (Path f : cronsFiles) {
                Files.deleteIfExists(f);
            }
        }
        System.out.println("cron ran: " + command + "\nexit status " + Files.readString(status).trim()
                + ", output: " + Files.size(output) + " bytes");
        assertEquals("0", Files.readString(status).trim(), Files.readString(output));
        assertEquals("", Files.readString(output), "cron would mail this");
        // flock ran it (its lock is there), and had it not found dirdump, it would have said so and exited 1.
        assertTrue(Files.exists(tmp.resolve("lock")));
    }

    /** Whether a cron daemon runs already: it would run our entry too, and this test's would be a second. */
    private static boolean cronIsRunning() throws Exception {
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            return procs.filter(p -> p.getFileName().toString().matches("\\d+")).anyMatch(p -> {
                try {
                    String comm = Files.readString(p.resolve("comm")).trim();
                    return comm.equals("cron") || comm.equals("crond");
                } catch (Exception gone) {
                    return false;
                }
            });
        }
    }
}
