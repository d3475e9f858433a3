package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dirdump.testing.Attacker;
import dirdump.testing.Launched;
import dirdump.testing.Tools;
import dirdump.testing.Traced;
import dirdump.testing.Trees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher, in a checkout and installed (the release tarball unpacked), under what the caller's
 * environment may hold: spaces in its paths, the JDK's option variables and option files, a garbage
 * Java version, a relative or missing HOME, a HOME another user owns; and what run's COMMAND gets of
 * that environment and of the caller's signal dispositions.
 */
class LauncherEnvironmentIT {
    private static final Path CHECKOUT = Path.of(System.getProperty("user.dir"));
    private static final Path LAUNCHER = Launched.launcher("dirdump");

    @TempDir
    Path tmp;

    private Path data;

    @BeforeEach
    void tree() throws Exception {
        data = tmp.resolve("data");
        Trees.randomTree(data, 20, 5000, 11);
    }

    /** The release tarball unpacked under {@code dir}: an install without a class-data archive. */
    private Path installed(Path dir) throws Exception {
        Properties p = new Properties();
        try (var in = Files.newInputStream(CHECKOUT.resolve("target/classes/dirdump/version.properties"))) {
            p.load(in);
        }
        Path tarball = CHECKOUT.resolve("target/dirdump-" + p.getProperty("version") + ".tar.gz");
        assumeTrue(Files.exists(tarball), "mvn package makes the release tarball (not with -Ddirdump.dist=false)");
        Files.createDirectories(dir);
        assertEquals(0, Trees.sh(dir, "tar -xzf '" + tarball + "' --strip-components=1 --no-same-owner"));
        assertTrue(Files.isRegularFile(dir.resolve("lib/dirdump/jni/x86_64-Linux/libjffi-1.2.so")));
        return dir;
    }

    private Launched reads(Path launcher, Map<String, String> env, Path cwd) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(launcher.toString(), "--force", "--json", data.toString()).directory(cwd.toFile());
        pb.environment().putAll(env);
        Launched r = Launched.of(pb);
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.err());
        assertEquals(20, r.json().get("files_read").getAsLong());
        return r;
    }

    @Test
    void spacesInTheInstallPathHomeAndCacheAreNoObstacle() throws Exception {
        Path root = installed(tmp.resolve("pre fix"));
        Path home = Files.createDirectories(tmp.resolve("my home"));
        Map<String, String> env = Map.of("HOME", home.toString(), "XDG_CACHE_HOME", home.resolve("my cache").toString());
        Launched first = reads(root.resolve("bin/dirdump"), env, tmp);
        assertTrue(first.json().get("io").getAsString().startsWith("native"), first.out());
        reads(root.resolve("bin/dirdump"), env, tmp);
        try (Stream<Path> files = Files.walk(home)) {
            assertEquals(1, files.filter(f -> f.toString().endsWith(".jsa")).count(), "the archive made in the cache");
        }
    }

    /**
     * An installed launcher run with the test's own environment keeps its cache in the build's directory
     * (the pom's XDG_CACHE_HOME), never in the user's: its class-data archive is made there.
     */
    @Test
    void aLauncherRunWithTheTestsEnvironmentLeavesNothingInTheUsersCache() throws Exception {
        Path root = installed(tmp.resolve("prefix")).toRealPath();
        reads(root.resolve("bin/dirdump"), Map.of(), tmp);
        Path home = Path.of(System.getProperty("user.home"));
        assertFalse(Files.exists(Path.of(home + "/.cache/dirdump" + root)), "an archive for this install in ~/.cache");
        Path cache = CHECKOUT.resolve("target/test-cache/dirdump" + root + "/lib/dirdump");
        try (Stream<Path> files = Files.list(cache)) {
            assertEquals(1, files.filter(f -> f.toString().endsWith(".jsa")).count(), "the archive, in " + cache);
        }
    }

    @Test
    void aJavaVersionThatIsNoNumberIsToldInOneLine() throws Exception {
        Path real = Path.of(System.getProperty("java.home"), "bin/java");
        for (String version : List.of("99999999999999999999", "seventeen", "-1")) {
            Path home = tmp.resolve("jdk-" + version.length());
            Tools.script(home.resolve("bin/java"), "exec '" + real + "' \"$@\"");
            Files.writeString(home.resolve("release"), "JAVA_VERSION=\"" + version + "\"\n");
            Launched r = Launched.run(LAUNCHER, Map.of("JAVA_HOME", home.toString()), "-q", data.toString());
            assertEquals(2, r.status(), version + ": " + r.err());
            assertEquals("dirdump: needs Java 17 or newer (cannot tell the version of " + home.resolve("bin/java")
                    + "); set JAVA_HOME\n", r.err(), version);
        }
    }

    /** Nothing the JVM would print of the JDK's variables or of option files in the working directory. */
    @Test
    void quietIsQuietWhateverTheJdkVariablesAndTheWorkingDirectoryHold() throws Exception {
        Path cwd = Files.createDirectories(tmp.resolve("cwd"));
        Files.writeString(cwd.resolve(".hotspotrc"), "+PrintVMOptions\n");
        Files.writeString(cwd.resolve(".hotspot_compiler"), "print *.*\n");
        Map<String, String> env = Map.of("JAVA_TOOL_OPTIONS", "-Dx=1", "JDK_JAVA_OPTIONS", "-Dy=1", "_JAVA_OPTIONS", "-Dz=1");
        for (Path launcher : List.of(LAUNCHER, installed(tmp.resolve("prefix")).resolve("bin/dirdump"))) {
            ProcessBuilder pb = new ProcessBuilder(launcher.toString(), "-q", data.toString()).directory(cwd.toFile());
            pb.environment().putAll(env);
            Traced t = Traced.run(pb);
            assertEquals(0, t.run().status(), t.run().err());
            assertEquals("", t.run().err(), launcher.toString());
            t.assertNothingOpenedUnder(cwd.resolve(".hotspotrc"));
            t.assertNothingOpenedUnder(cwd.resolve(".hotspot_compiler"));
        }
    }

    /**
     * The caller's signal dispositions, as the caller's shell has them (its SigIgn, then COMMAND's): a
     * child of this JVM has signals 32 and 33 ignored already (the JDK's jspawnhelper), so only
     * SIGQUIT shows what the JVM would change (it handles SIGQUIT, and blocks it on every thread).
     */
    @Test
    void runsCommandGetsTheCallersEnvironmentAndSignalDispositions() throws Exception {
        // SIGQUIT ignored by the caller, as a shell does for a background job; the locale and JDK variables set.
        // The caller's masks read by the shell itself: a child's read would see the shell's mask while it forks.
        String caller = "trap '' QUIT; while read -r k v; do case $k in SigBlk:|SigIgn:) printf '%s\\t%s\\n' \"$k\" \"$v\";; esac;"
                + " done </proc/$$/status; exec env -u LC_MESSAGES LC_ALL=C.UTF-8 "
                + "LC_TIME=POSIX JAVA_TOOL_OPTIONS=-Dx=1 \"$0\" run \"$1\" -- ";
        Launched env = Launched.run(Path.of("/bin/sh"), Map.of(), "-c", caller + "env", LAUNCHER.toString(), data.toString());
        assertEquals(0, env.status(), env.err());
        assertEquals("", env.err(), "nothing of the JVM's (Picked up JAVA_TOOL_OPTIONS)");
        List<String> lines = env.out().lines().collect(Collectors.toList());
        assertTrue(lines.contains("LC_ALL=C.UTF-8"), env.out());
        assertTrue(lines.contains("LC_TIME=POSIX"), env.out());
        assertTrue(lines.contains("JAVA_TOOL_OPTIONS=-Dx=1"), env.out());
        assertTrue(lines.stream().noneMatch(l -> l.startsWith("LC_MESSAGES=") || l.startsWith("DIRDUMP_CALLER_")), env.out());

        for (String trap : List.of("", "trap '' QUIT; ")) {
            Launched status = Launched.run(Path.of("/bin/sh"), Map.of(), "-c", trap + caller.substring(caller.indexOf("while"))
                    + "grep -E '^Sig(Ign|Blk):' /proc/self/status", LAUNCHER.toString(), data.toString());
            assertEquals(0, status.status(), status.err());
            List<String> masks = status.out().lines().collect(Collectors.toList());
            assertEquals(4, masks.size(), status.out());
            assertEquals(masks.subList(0, 2), masks.subList(2, 4), trap + "the caller's, then COMMAND's");
            assertEquals(trap.isEmpty() ? 0 : 1L << 2, mask(status.out(), "SigIgn:") & (1L << 2), status.out());
        }
    }

    /**
     * COMMAND gets the descriptors the caller passed and no other (none of the JVM's: its lib/modules,
     * the jar, a socket), also where the caller closed stdin.
     */
    @Test
    void runsCommandGetsExactlyTheCallersDescriptors() throws Exception {
        for (String stdin : List.of("", "exec <&-; ")) {
            Launched r = Launched.run(Path.of("/bin/sh"), Map.of(), "-c", stdin + "exec 5</dev/null; exec \"$0\" run -q \"$1\" -- "
                    + "sh -c 'ls /proc/$$/fd'", LAUNCHER.toString(), data.toString());
            assertEquals(0, r.status(), r.err());
            assertEquals(stdin.isEmpty() ? "0\n1\n2\n5\n" : "1\n2\n5\n", r.out(), stdin);
        }
    }

    /**
     * A DIRDUMP_CALLER_ variable the caller set is no record of the launcher's: it steers nothing (PATH
     * and HOME are COMMAND's as the caller's), and COMMAND does not get it.
     */
    @Test
    void aCallersOwnRecordOfTheLauncherSteersNothing() throws Exception {
        Launched r = Launched.run(LAUNCHER, Map.of("DIRDUMP_CALLER_PATH", "=/nonexistent", "DIRDUMP_CALLER_HOME", "",
                "DIRDUMP_CALLER_DIRDUMP_SEEN", "=1", "HOME", "/home-of-the-caller"), "run", "-q", data.toString(), "--", "env");
        assertEquals(0, r.status(), r.err());
        List<String> lines = r.out().lines().collect(Collectors.toList());
        assertTrue(lines.contains("PATH=" + System.getenv("PATH")), r.out());
        assertTrue(lines.contains("HOME=/home-of-the-caller"), r.out());
        assertTrue(lines.stream().noneMatch(l -> l.startsWith("DIRDUMP_")), r.out());
    }

    /** The last {@code field} line's mask: COMMAND's. */
    private static long mask(String status, String field) {
        return status.lines().filter(l -> l.startsWith(field)).map(l -> Long.parseUnsignedLong(l.substring(field.length()).trim(), 16))
                .reduce((first, last) -> last).orElseThrow();
    }

    @Test
    void aRelativeOrMissingHomeMakesNothing() throws Exception {
        Path root = installed(tmp.resolve("prefix"));
        Path cwd = Files.createDirectories(tmp.resolve("cwd"));
        for (Path launcher : List.of(LAUNCHER, root.resolve("bin/dirdump"))) {
            reads(launcher, Map.of("HOME", "home", "XDG_CACHE_HOME", "cache"), cwd);
            try (Stream<Path> made = Files.list(cwd)) {
                assertEquals(List.of(), made.collect(Collectors.toList()), "nothing made in the working directory");
            }
            Path missing = tmp.resolve("missing/home");
            reads(launcher, Map.of("HOME", missing.toString(), "XDG_CACHE_HOME", ""), cwd);
            assertFalse(Files.exists(tmp.resolve("missing")), "HOME is never made");
        }
    }

    /**
     * Root's XDG_CACHE_HOME a directory the attacker owns (sudo -E), or HOME's .cache: the installed
     * launcher, which looks there for a class-data archive, makes nothing in it (the directory above
     * is root's), and the run works.
     */
    @Test
    void rootMakesNothingInACacheDirectoryAnotherUserOwns() throws Exception {
        try (Attacker attacker = Attacker.account()) {
            Path root = installed(tmp.resolve("prefix"));
            Path cache = attacker.ownedDirectory(tmp, "attacker-cache");
            Path home = Files.createDirectories(tmp.resolve("root-home"));
            attacker.ownedDirectory(home, ".cache");
            for (Map<String, String> env : List.of(Map.of("XDG_CACHE_HOME", cache.toString()),
                    Map.of("HOME", home.toString(), "XDG_CACHE_HOME", ""))) {
                reads(root.resolve("bin/dirdump"), env, tmp);
            }
            for (Path owned : List.of(cache, home.resolve(".cache"))) {
                try (Stream<Path> made = Files.list(owned)) {
                    assertEquals(List.of(), made.collect(Collectors.toList()), "nothing made in " + owned);
                }
            }
        }
    }

    /**
     * Root's HOME and XDG_CACHE_HOME in a directory the attacker owns (sudo -E), while the attacker
     * renames their own library over every file that appears there: root loads no library or
     * class-data archive from it (nothing at all is opened there), and the run works.
     */
    @Test
    void rootLoadsNothingFromACacheDirectoryAnotherUserOwns() throws Exception {
        try (Attacker attacker = Attacker.account()) {
            Path home = attacker.ownedDirectory(tmp, "attacker-home");
            Path root = installed(tmp.resolve("prefix"));
            assertEquals(0, attacker.sh(home, "cp /bin/true evil.so && mkdir -p .cache/dirdump"));
            // Bounded: 60 s at most, and close() ends it by its pid.
            attacker.race(home, "end=$(( $(date +%s) + 60 )); while [ $(date +%s) -lt $end ]; do"
                    + " find . -type f ! -name evil.so ! -name '*.tmp' | while read -r f; do"
                    + " cp evil.so \"$f.tmp\" 2>/dev/null && mv -f \"$f.tmp\" \"$f\"; done; done");
            Map<String, String> env = new HashMap<>(Map.of("HOME", home.toString(), "XDG_CACHE_HOME", home.resolve(".cache").toString()));
            for (Path launcher : List.of(LAUNCHER, root.resolve("bin/dirdump"))) {
                for (int i = 0; i < 2; i++) {  // the second run, where a first would have left an archive
                    ProcessBuilder pb = new ProcessBuilder(launcher.toString(), "--force", "--json", data.toString());
                    pb.environment().putAll(env);
                    Traced t = Traced.run(pb);
                    assertEquals(0, t.run().status(), t.run().err());
                    assertTrue(t.run().json().get("io").getAsString().startsWith("native"), t.run().out());
                    t.assertNothingOpenedUnder(home);
                    assertTrue(t.opened().stream().noneMatch(o -> o.endsWith(".so") && o.contains("jffi")
                            && !o.startsWith(CHECKOUT.resolve("target/jni").toString())
                            && !o.startsWith(root.resolve("lib/dirdump/jni").toString())), t.opened().toString());
                }
            }
            try (Stream<Path> files = Files.walk(home)) {
                assertEquals(List.of(), files.filter(f -> f.toString().endsWith(".jsa")).collect(Collectors.toList()));
            }
        }
    }
}
