package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonParser;
import dirdump.testing.AsUser;
import dirdump.testing.Launched;
import dirdump.testing.Tools;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/launch.sh's build and start, in a copy of the launcher with the real jar. Maven is a stand-in
 * (a real build takes a minute): it logs each call, takes half a second, and leaves the real jar
 * where the launcher asked for it, or fails. java is the real one behind a script that logs each start.
 */
class LauncherBuildIT {
    /** What the launcher needs on PATH; flock is left out to try the mkdir lock. */
    private static final List<String> TOOLS = List.of("dirname", "readlink", "find", "head", "sed", "mkdir", "mv",
            "rm", "cat", "cp", "sleep");

    @TempDir
    Path tmp;

    private Path home;
    private Path jar;
    private Path source;
    private Path logs;
    private Path empty;

    @BeforeEach
    void copyOfTheLauncher() throws Exception {
        home = tmp.resolve("checkout");
        for (String name : new String[] {"launch.sh", "start.sh", "dirdump"}) {
            Files.createDirectories(home.resolve("bin"));
            Files.copy(Launched.launcher(name), home.resolve("bin").resolve(name), StandardCopyOption.COPY_ATTRIBUTES);
        }
        Files.writeString(home.resolve("pom.xml"), "<project/>\n");
        source = home.resolve("src/main/java/Source.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, "class Source {}\n");
        Files.createDirectories(home.resolve("testdata-gen/src/main"));
        jar = home.resolve("target/dirdump.jar");
        Files.createDirectories(jar.getParent());
        Files.copy(realJar(), jar);
        // Built after the sources were written, and before any change the test makes (at the present time).
        for (String top : List.of("pom.xml", "src", "testdata-gen")) {
            try (Stream<Path> sources = Files.walk(home.resolve(top))) {
                for (Path p : sources.collect(Collectors.toList())) {
                    Files.setLastModifiedTime(p, FileTime.from(Instant.now().minusSeconds(60)));
                }
            }
        }
        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minusSeconds(30)));
        logs = tmp.resolve("logs");
        Files.createDirectories(logs);
        empty = tmp.resolve("empty");
        Files.createDirectories(empty);

        Tools.script(tmp.resolve("maven/mvn"), "echo \"mvn $*\" >>\"$FAKE_LOG/mvn.log\"", "sleep 0.5",
                "if [ -n \"${FAKE_MVN_FAIL:-}\" ]; then echo '[ERROR] the sources do not compile'; exit 1; fi",
                "for a; do case $a in -Ddirdump.jar.name=*) name=${a#*=} ;; esac; done",
                "cp \"$REAL_JAR\" \"target/$name.jar\" && cp \"$REAL_JAR\" \"target/original-$name.jar\"");
        Tools.loggingJava(tmp.resolve("jdk"), logs.resolve("java.log"));
        Tools.links(tmp.resolve("tools-without-flock"), TOOLS);
        Path tools = Tools.links(tmp.resolve("tools"), TOOLS);
        Files.createSymbolicLink(tools.resolve("flock"), Tools.which("flock"));
    }

    private static Path realJar() {
        return Path.of(System.getProperty("user.dir"), "target", "dirdump.jar");
    }

    /** The launcher, with PATH the tools (and Maven if {@code maven}), and java behind its logging script. */
    private ProcessBuilder launcher(boolean maven, boolean flock, String... args) {
        ProcessBuilder pb = new ProcessBuilder();
        pb.command().add(home.resolve("bin/dirdump").toString());
        pb.command().addAll(List.of(args));
        Map<String, String> env = pb.environment();
        env.remove("DIRDUMP_JAVA_OPTS");
        env.put("PATH", tmp.resolve(flock ? "tools" : "tools-without-flock") + (maven ? ":" + tmp.resolve("maven") : ""));
        env.put("JAVA_HOME", tmp.resolve("jdk").toString());
        env.put("FAKE_LOG", logs.toString());
        env.put("REAL_JAR", realJar().toString());
        return pb.redirectInput(new File("/dev/null"));
    }

    private List<String> log(String name) throws IOException {
        Path log = logs.resolve(name);
        return Files.exists(log) ? Files.readAllLines(log) : List.of();
    }

    private void changeASource() throws IOException {
        Files.setLastModifiedTime(source, FileTime.from(Instant.now()));
    }

    private void assertRan(Launched r) {
        assertEquals(0, r.status(), r.err());
        assertEquals(0, JsonParser.parseString(r.out()).getAsJsonObject().get("exit_status").getAsInt());
    }

    @Test
    void twoRunsStartedTogetherAfterASourceChangeBuildOnceAndBothRun() throws Exception {
        startedTogether(true);
    }

    @Test
    void withoutFlockTheMkdirLockDoesTheSame() throws Exception {
        startedTogether(false);
    }

    private void startedTogether(boolean flock) throws Exception {
        changeASource();
        List<Process> runs = new ArrayList<>();
        List<File> outs = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            File out = tmp.resolve("out" + i).toFile();
            outs.add(out);
            runs.add(launcher(true, flock, "-q", "--json", empty.toString()).redirectOutput(out)
                    .redirectError(tmp.resolve("err" + i).toFile()).start());
        }
        for (int i = 0; i < 2; i++) {
            assertTrue(runs.get(i).waitFor(60, TimeUnit.SECONDS), "run " + i + " did not end");
            String err = Files.readString(tmp.resolve("err" + i));
            assertRan(new Launched(runs.get(i).exitValue(), Files.readString(outs.get(i).toPath()), err));
            assertEquals("", err, "-q: no building line");
        }
        assertEquals(1, log("mvn.log").size(), "one build: " + log("mvn.log"));
        try (Stream<Path> left = Files.list(jar.getParent())) {
            assertTrue(left.noneMatch(f -> f.getFileName().toString().contains("dirdump-build-")), "no part left");
        }
    }

    @Test
    void theBuildingLineIsShownUnlessQuiet() throws Exception {
        changeASource();
        Launched told = Launched.of(launcher(true, true, "--json", empty.toString()));
        assertRan(told);
        assertEquals("dirdump: building " + jar + " (first run, or the sources changed)\n", told.err());

        changeASource();
        Launched quiet = Launched.of(launcher(true, true, "--json", "-Lq", empty.toString()));
        assertRan(quiet);
        assertEquals("", quiet.err());
        assertEquals(2, log("mvn.log").size());
    }

    @Test
    void aFailedBuildRunsTheJarThereWithOneWarningAndIsNotTriedAgain() throws Exception {
        changeASource();
        ProcessBuilder failing = launcher(true, true, "-q", "--json", empty.toString());
        failing.environment().put("FAKE_MVN_FAIL", "1");
        String warning = "dirdump: warning: the sources changed, but the build failed (" + home.resolve("target/build.log")
                + " says why): running the jar built before\n";
        for (int i = 0; i < 2; i++) {
            Launched r = Launched.of(failing);
            assertRan(r);
            assertEquals(warning, r.err());
        }
        assertEquals(1, log("mvn.log").size(), "the same sources are not built twice");

        Files.delete(jar);
        Launched none = Launched.of(failing);
        assertEquals(2, none.status());
        assertTrue(none.err().startsWith("[ERROR] the sources do not compile\n"), none.err());
        assertTrue(none.err().endsWith("dirdump: build failed\n"), none.err());
        assertEquals("", none.out());
    }

    @Test
    void withoutMavenTheJarThereRunsWithOneWarning() throws Exception {
        changeASource();
        Launched r = Launched.of(launcher(false, true, "-q", "--json", empty.toString()));
        assertRan(r);
        assertEquals("dirdump: warning: the sources changed, but Maven (mvn) is not installed: running the jar built "
                + "before\n", r.err());

        Files.delete(jar);
        Launched none = Launched.of(launcher(false, true, "-q", empty.toString()));
        assertEquals(2, none.status());
        assertEquals("dirdump: cannot build " + jar + ": Maven (mvn) is not installed\n", none.err());
    }

    @Test
    void aUserWhoCannotWriteTargetPaysNoTrainingRun() throws Exception {
        boolean root = AsUser.isRoot();
        assumeTrue(!root || Files.isExecutable(Path.of("/usr/bin/setpriv")), "setpriv(1) is needed to run as a user");
        assertRan(Launched.of(launcher(true, true, "-q", "--json", empty.toString())));
        assertTrue(log("java.log").get(0).contains(ArchiveOptions.MAKE), "the first run makes the archive");
        assertTrue(log("java.log").get(1).contains(ArchiveOptions.USE), "and runs with it");

        try (Stream<Path> archives = Files.list(home.resolve("target"))) {
            for (Path archive : archives.filter(f -> f.toString().endsWith(".jsa")).collect(Collectors.toList())) {
                Files.delete(archive);
            }
        }
        Files.writeString(logs.resolve("java.log"), "");
        // Readable by everyone (the test's directories are the owner's only), target/ writable by its owner only.
        assertEquals(0, new ProcessBuilder("chmod", "-R", "a+rX", tmp.toString()).inheritIO().start().waitFor());
        assertEquals(0, new ProcessBuilder("chmod", "a+rw", logs.toString(), logs.resolve("java.log").toString())
                .inheritIO().start().waitFor());
        assertEquals(0, new ProcessBuilder("chmod", "a-w", home.resolve("target").toString()).start().waitFor());
        for (int i = 0; i < 2; i++) {
            ProcessBuilder pb = launcher(true, true, "-q", "--json", empty.toString());
            if (root) {
                pb.command().addAll(0, List.of("/usr/bin/setpriv", "--reuid=" + AsUser.NOBODY,
                        "--regid=" + AsUser.NOBODY, "--clear-groups", "--"));
            }
            assertRan(Launched.of(pb));
        }
        List<String> starts = log("java.log");
        assertEquals(2, starts.size(), "one JVM a run: " + starts);
        assertFalse(starts.stream().anyMatch(ArchiveOptions::named),
                starts.toString());
        assertEquals(0, log("mvn.log").size());
    }
}
