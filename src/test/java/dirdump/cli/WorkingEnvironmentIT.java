package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.testing.AsUser;
import dirdump.testing.Launched;
import dirdump.testing.SystemTests;
import dirdump.testing.Trees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real launcher where the process's surroundings are missing: a deleted working directory, no
 * HOME, a temporary directory mounted noexec (where jffi used to unpack its native library). The
 * launcher, not the built jar (testing.BuiltJar): each is handled by bin/start.sh (the working
 * directory kept on a descriptor, the cache directory, where jffi may unpack).
 */
class WorkingEnvironmentIT {
    private static final Path LAUNCHER = Launched.launcher("dirdump");
    private static final Path SH = Path.of("/bin/sh");
    private static final Map<String, String> FALLBACK = Map.of("DIRDUMP_JAVA_OPTS", Launched.NO_BOOT_LIBRARY + "-Djffi.extract.dir=/nonexistent");

    @TempDir
    Path tmp;

    private Path data;

    @BeforeEach
    void tree() throws Exception {
        data = tmp.resolve("data");
        Trees.randomTree(data, 20, 1000, 7);
    }

    /** {@code script} run by sh in a directory deleted first; $0 the launcher, $1 the tree. */
    private Launched inDeletedDirectory(Map<String, String> env, String script) throws Exception {
        return Launched.run(SH, env, "-c", "mkdir \"$2\" && cd \"$2\" && rmdir \"$2\" && " + script,
                LAUNCHER.toString(), data.toString(), tmp.resolve("gone").toString());
    }

    /** Only the shell that runs the launcher says something (dash, bash: "getcwd() failed"); never java. */
    private static void onlyTheShellComplains(Launched r) {
        assertTrue(r.err().lines().allMatch(l -> l.contains("getcwd")), r.err());
    }

    @Test
    void aDeletedWorkingDirectoryIsNoObstacleAndRelativeNamesStillMeanIt() throws Exception {
        Launched r = inDeletedDirectory(Map.of(), "exec \"$0\" -q --force --json \"$1\"");
        assertEquals(0, r.status(), r.err());
        assertEquals(20, r.json().get("files_read").getAsLong());
        assertTrue(r.json().get("io").getAsString().startsWith("native"));
        onlyTheShellComplains(r);

        // java starts in /, but "etc" there is not /etc: in a deleted directory it names nothing.
        for (Map<String, String> env : List.of(Map.<String, String>of(), FALLBACK)) {
            Launched relative = inDeletedDirectory(env, "exec \"$0\" -q --force etc");
            assertEquals(2, relative.status(), relative.err());
            assertTrue(relative.err().endsWith("dirdump: etc: No such file or directory\n"), relative.err());
            assertFalse(relative.err().contains("Exception"), relative.err());
        }

        // testdata-gen would write where a relative OUT now points: it refuses.
        Launched gen = Launched.run(SH, Map.of(), "-c", "mkdir \"$1\" && cd \"$1\" && rmdir \"$1\" && exec \"$0\" out",
                Launched.launcher("testdata-gen").toString(), tmp.resolve("gone2").toString());
        assertEquals(2, gen.status(), gen.err());
        assertTrue(gen.err().endsWith("testdata-gen: the working directory was deleted; run testdata-gen from an "
                + "existing directory\n"), gen.err());
        assertFalse(Files.exists(Path.of("/out")));
    }

    @Test
    void withoutHomeTheNativePathStillRuns() throws Exception {
        Launched r = Launched.run(Path.of("/usr/bin/env"), Map.of(), "-u", "HOME", "-u", "XDG_CACHE_HOME",
                LAUNCHER.toString(), "--force", "--json", data.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals(20, r.json().get("files_read").getAsLong());
        assertTrue(r.json().get("io").getAsString().startsWith("native"), r.out());
        assertEquals("", r.err());
    }

    /**
     * With the temporary directory noexec, jffi's library is unpacked in the tool's own directory, never
     * in the working directory, and the native path runs. Where jffi is pointed at a directory it cannot
     * load from (noexec, or missing where no tmpfs can be mounted), the summary and JSON say why. The
     * noexec tmpfs is mounted only where the machine may be changed (SystemTests), as root; elsewhere
     * the fallback's part runs alone.
     */
    @Test
    void aNoexecTemporaryDirectoryKeepsTheNativePathAndAFallbackSaysWhy() throws Exception {
        Path noexec = Files.createDirectories(tmp.resolve("noexec"));
        boolean mounted = SystemTests.allowed() && AsUser.isRoot()
                && Trees.sh(tmp, "mount -t tmpfs -o noexec,size=4m dirdump-test noexec 2>/dev/null") == 0;
        try {
            Path work = Files.createDirectories(tmp.resolve("work"));
            Path jffiDir = mounted ? noexec : tmp.resolve("missing");
            if (mounted) {
                Launched r = Launched.run(SH, Map.of("TMPDIR", noexec.toString(),
                        "DIRDUMP_JAVA_OPTS", "-Djava.io.tmpdir=" + noexec), "-c", "cd \"$2\" && exec \"$0\" --json \"$1\"",
                        LAUNCHER.toString(), data.toString(), work.toString());
                assertEquals(0, r.status(), r.err());
                assertTrue(r.json().get("io").getAsString().startsWith("native"), r.err());
                try (Stream<Path> left = Files.list(work)) {
                    assertEquals(0, left.count(), "nothing unpacked into the working directory");
                }
            }

            Map<String, String> env = Map.of("DIRDUMP_JAVA_OPTS", Launched.NO_BOOT_LIBRARY + "-Djffi.extract.dir=" + jffiDir);
            Launched json = Launched.run(LAUNCHER, env, "--force", "--json", data.toString());
            assertEquals(0, json.status(), json.err());
            assertEquals("java.nio fallback", json.json().get("io").getAsString());
            String reason = json.json().get("io_fallback_reason").getAsString();
            assertTrue(reason.startsWith("could not load jffi library from " + jffiDir + ": "), reason);
            assertTrue(json.err().contains("cannot bind libc (" + reason + ")"), json.err());

            Launched text = Launched.run(LAUNCHER, env, "--force", data.toString());
            assertTrue(text.errUnwrapped().contains("\n  io: java.nio fallback, because libc could not be bound: " + reason + "\n"),
                    text.err());
        } finally {
            if (mounted) {
                Trees.sh(tmp, "umount noexec");
            }
        }
    }
}
