package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonObject;
import dirdump.testing.Attacker;
import dirdump.testing.BuiltJar;
import dirdump.testing.Launched;
import dirdump.testing.PageCache;
import dirdump.testing.SnapshotBytes;
import dirdump.testing.Traced;
import dirdump.testing.Trees;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The snapshot of --replay and the FILE of status --save, as the real binary opens them: names of a
 * snapshot never lead out of their root, a FIFO or a link planted where a snapshot is read or saved
 * is refused or replaced without being opened, and a save killed by SIGKILL leaves no file behind.
 */
class SnapshotRootSafetyIT {

    @TempDir
    Path tmp;

    private static ProcessBuilder dirdump(Object... args) {
        return BuiltJar.builder(Arrays.stream(args).map(String::valueOf).toArray(String[]::new));
    }

    @Test
    void namesThatClimbOutOfTheirRootAreNeverOpened() throws Exception {
        Path tree = tmp.resolve("tree");
        Trees.file(tree.resolve("good"), 4096, 1);
        Path secret = Trees.file(tmp.resolve("outside/secret"), 4096, 2);
        Path s = Files.write(tmp.resolve("s"), SnapshotBytes.header(4096).root(tree.toString())
                .file("../outside/secret", 4096, 0, 1)
                .file(secret.toString(), 4096, 0, 1)
                .file("good/../../outside/secret", 4096, 0, 1)
                .file(("good\0" + secret).getBytes(StandardCharsets.UTF_8), 4096, 0, 0, 1)
                .file("", 4096, 0, 1)
                .file("good", 4096, 0, 1)
                .root("").file("", 4096, 0, 1)
                .end(7).bytes());
        Traced run = Traced.run(dirdump("--replay", s, "--json", "--force"));
        assertEquals(1, run.run().status(), run.run().err());
        run.assertNothingOpenedUnder(secret.getParent());
        run.assertNoDeviceOpened();
        JsonObject replay = run.run().json().getAsJsonObject("replay");
        assertEquals(7, replay.get("files").getAsLong());
        assertEquals(6, replay.get("refused").getAsLong());
        assertEquals(1, run.run().json().get("files_read").getAsLong(), "the good one");
        assertEquals(6, run.run().err().lines().filter(l -> l.startsWith("dirdump: --replay " + s + ": file record ")).count(),
                run.run().err());
    }

    /** A FIFO would block a read forever, a link lead anywhere: each is refused in one line, never opened. */
    @Test
    void aFifoOrALinkPlantedAsTheSnapshotIsRefusedUnopened() throws Exception {
        try (Attacker attacker = Attacker.account()) {
            open(tmp);
            Path shared = Attacker.stickyDirectory(tmp, "shared");
            assertEquals(0, attacker.sh(shared, "mkfifo fifo && ln -s /etc/shadow link"));
            for (String name : List.of("fifo", "link")) {
                Path planted = shared.resolve(name);
                Traced run = Traced.run(dirdump("--replay", planted));
                assertEquals(2, run.run().status(), run.run().err());
                String what = name.equals("fifo") ? "a FIFO" : "a symbolic link";
                assertEquals("dirdump: --replay " + planted + ": " + what + ", not a regular file; not opened",
                        run.run().err().lines().findFirst().orElse(""), run.run().err());
                run.assertNothingOpenedUnder(planted);
                run.assertNothingOpenedUnder(Path.of("/etc/shadow"));
            }
        }
    }

    /**
     * A link planted as the --save FILE is replaced by the snapshot, never written through (its target
     * keeps its bytes); a FIFO is refused (the rename would replace the node), never opened.
     */
    @Test
    void aLinkOrAFifoPlantedAsTheSaveTargetIsNeitherWrittenThroughNorOpened() throws Exception {
        try (Attacker attacker = Attacker.account()) {
            open(tmp);
            Path set = tmp.resolve("set");
            Path f = Trees.file(set.resolve("f"), 8192, 3);
            PageCache.cacheOnly(f, 0, 8192);
            Path victim = Files.writeString(tmp.resolve("victim"), "root's own file\n");
            Path shared = Attacker.stickyDirectory(tmp, "shared");
            assertEquals(0, attacker.sh(shared, "ln -s '" + victim + "' s && mkfifo fifo"));

            Traced save = Traced.run(dirdump("status", "-q", "--save", shared.resolve("s"), set));
            assertEquals(0, save.run().status(), save.run().err());
            save.assertNothingOpenedUnder(victim);
            assertEquals("root's own file\n", Files.readString(victim), "not written through the link");
            BasicFileAttributes a = Files.readAttributes(shared.resolve("s"), BasicFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS);
            assertTrue(a.isRegularFile(), "the link replaced by the snapshot");
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(shared.resolve("s"))));
            assertTrue(Files.readString(shared.resolve("s"), StandardCharsets.ISO_8859_1).startsWith("dirdump-snapshot\n"));

            Path fifo = shared.resolve("fifo");
            Traced refused = Traced.run(dirdump("status", "-q", "--save", fifo, set));
            assertEquals(2, refused.run().status(), refused.run().err());
            assertTrue(refused.run().err().startsWith("dirdump: --save " + fifo + ": not a regular file, which would be "
                    + "replaced"), refused.run().err());
            refused.assertNothingOpenedUnder(fifo);
            assertTrue(Files.readAttributes(fifo, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isOther());
            assertEquals(List.of("fifo", "s"), names(shared), "no temporary file left");
        }
    }

    /**
     * kill -9 in the middle of a --save: the snapshot being written has no name (O_TMPFILE) while the
     * save runs, so nothing is left in FILE's directory, and the next save leaves only FILE.
     */
    @Test
    void aSaveKilledBySigkillLeavesNoFileBehind() throws Exception {
        Path set = tmp.resolve("set");
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            files.add(Trees.file(set.resolve("d" + i % 100 + "/f" + i), 100, i));
        }
        for (Path f : files) {
            Files.readAllBytes(f);  // cached, so that each goes into the snapshot
        }
        Path out = Files.createDirectories(tmp.resolve("out"));
        Process p = dirdump("status", "-q", "--save", out.resolve("s"), set)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD)
                .redirectInput(new File("/dev/null")).start();
        boolean caught = false;
        try {
            // Bounded: until the save holds its file open in out/ (seen by /proc/PID/fd), or ends.
            for (long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60); p.isAlive() && System.nanoTime() < until; ) {
                if (holdsFileIn(p.pid(), out)) {
                    assertEquals(List.of(), names(out), "the snapshot has no name while it is written");
                    caught = true;
                    break;
                }
                Thread.sleep(1);
            }
        } finally {
            p.destroyForcibly();  // SIGKILL, by its pid (the launcher execs the JVM)
            p.waitFor(30, TimeUnit.SECONDS);
        }
        assumeTrue(caught, "the save ended before it could be killed");
        assertEquals(137, p.exitValue(), "killed by SIGKILL");
        assertEquals(List.of(), names(out), "nothing left by the killed save");
        Launched again = Launched.of(dirdump("status", "-q", "--save", out.resolve("s"), set));
        assertEquals(0, again.status(), again.err());
        assertEquals(List.of("s"), names(out));
    }

    /** Whether process {@code pid} has a file in {@code dir} open: an O_TMPFILE one shows as "dir/#123 (deleted)". */
    private static boolean holdsFileIn(long pid, Path dir) {
        File[] fds = new File("/proc/" + pid + "/fd").listFiles();
        for (File fd : fds == null ? new File[0] : fds) {
            try {
                if (Files.readSymbolicLink(fd.toPath()).toString().startsWith(dir + "/")) {
                    return true;
                }
            } catch (Exception e) {
                // closed meanwhile
            }
        }
        return false;
    }

    /** The attacker must reach the shared directory inside the test's own (0700). */
    private static void open(Path dir) throws Exception {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static List<String> names(Path dir) throws Exception {
        try (Stream<Path> list = Files.list(dir)) {
            return list.map(x -> x.getFileName().toString()).sorted().toList();
        }
    }
}
