package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dirdump.testing.Launched;
import dirdump.testing.Trees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real launcher and jar, as a user runs them (after `mvn package`). */
class LauncherIT {
    private static final Path LAUNCHER = Launched.launcher("dirdump");

    @TempDir
    Path tmp;

    @Test
    void theLauncherRunsThroughASymlinkFromAnotherDirectory() throws Exception {
        Path data = tmp.resolve("data");
        long bytes = Trees.totalSize(Trees.randomTree(data, 50, 10_000, 1));
        Path link = tmp.resolve("bin/dd-link");
        Files.createDirectories(link.getParent());
        Files.createSymbolicLink(link, LAUNCHER);

        Launched r = Launched.run(link, Map.of(), data.toString(), "--force", "--json");

        assertEquals(0, r.status(), r.err());
        assertEquals(50, r.json().get("files_read").getAsLong());
        assertEquals(bytes, r.json().get("bytes_read").getAsLong());
        assertEquals("", r.err(), "nothing for people when the summary is JSON");
        Files.delete(link);
    }

    @Test
    void withoutTheNativeLibraryEverythingStillWorksAfterOneWarning() throws Exception {
        Path data = tmp.resolve("data");
        long bytes = Trees.totalSize(Trees.randomTree(data, 40, 10_000, 2));
        Files.createSymbolicLink(data.resolve("link"), data.resolve("d0"));
        assertEquals(0, Trees.sh(data, "mkfifo fifo"));

        // --force: the files were just written, so the native run would find them cached and skip them;
        // the fallback cannot tell (no cachestat) and reads them.
        Launched nativeRun = Launched.run(LAUNCHER, Map.of(), data.toString(), "--force", "--json");
        // jffi cannot unpack its native library into a directory that does not exist.
        Launched fallback = Launched.run(LAUNCHER, Map.of("DIRDUMP_JAVA_OPTS", Launched.NO_BOOT_LIBRARY + "-Djffi.extract.dir=/nonexistent"),
                data.toString(), "--force", "--json");

        assertEquals(0, fallback.status(), fallback.err());
        assertTrue(fallback.err().matches("dirdump: warning: cannot bind libc \\(.*\\); using java.nio, which is slower and opens "
                + "nothing in a directory that other users can write to\n"),
                fallback.err());
        assertTrue(nativeRun.json().get("io").getAsString().startsWith("native"));
        assertEquals("java.nio fallback", fallback.json().get("io").getAsString());
        for (String field : new String[] {"files_read", "bytes_read", "errors"}) {
            assertEquals(nativeRun.json().get(field), fallback.json().get(field), field);
        }
        assertEquals(bytes, fallback.json().get("bytes_read").getAsLong());
        assertEquals(nativeRun.json().get("skipped"), fallback.json().get("skipped"));
    }

    /**
     * No native library of jffi is loaded (the JVM logs each library it loads): not the classes loaded,
     * which an AOT cache (JDK 24 and newer) loads at start, jnr's and jffi's too, without running them.
     */
    @Test
    void helpAndVersionLoadNoNativeCode() throws Exception {
        Map<String, String> logLibraries = Map.of("DIRDUMP_JAVA_OPTS", "-XX:+UseSerialGC -Xlog:library=info");
        for (String option : new String[] {"--version", "--help"}) {
            Launched r = Launched.run(LAUNCHER, logLibraries, option);
            assertEquals(0, r.status(), r.err());
            assertTrue(r.out().contains("dirdump"), r.out());
            assertTrue(r.out().lines().noneMatch(l -> l.contains("Loaded library") && l.contains("jffi")), option);
        }
        Launched read = Launched.run(LAUNCHER, logLibraries, "-q", tmp.toString());
        assertTrue(read.out().lines().anyMatch(l -> l.contains("Loaded library") && l.contains("libjffi")),
                "the check above would see native code if it loaded: " + read.out());
    }

    /**
     * Start-up (docs/performance.md, "Start-up"): a read's classes come from the class-data archive, picocli's and
     * jnr's too (their Java 5 class files are rewritten by the build so that it takes them), and the
     * subcommands' models are not built for a command line that names none.
     */
    @Test
    void aReadLoadsItsClassesFromTheArchiveAndNoSubcommand() throws Exception {
        Launched.run(LAUNCHER, Map.of(), "-q", tmp.toString());  // the first run in a checkout makes the archive
        Launched read = Launched.run(LAUNCHER, Map.of("DIRDUMP_JAVA_OPTS", "-XX:+UseSerialGC -Xlog:class+load=info"),
                "-q", tmp.toString());
        assertEquals(0, read.status(), read.err());
        // "(top)" for a dynamic archive; an AOT cache (JDK 24 and newer) says only "shared objects file".
        assumeTrue(read.out().contains("dirdump.Main source: shared objects file"), "no class-data archive in use here");
        List<String> fromJar = read.out().lines().filter(l -> l.contains("source: file:")).collect(Collectors.toList());
        assertEquals(List.of(), fromJar, "every class of the jar that a read loads is in the archive");
        assertTrue(read.out().contains("picocli.CommandLine source: shared objects file"), read.out());
        // Loaded only as the model of bench is built (its --timeout), and of status (its options).
        assertFalse(read.out().contains("dirdump.cli.DurationConverter "), "no model of bench for a read");
        assertFalse(read.out().contains("dirdump.cli.StatusOptions "), "no model of status for a read");

        Launched status = Launched.run(LAUNCHER, Map.of("DIRDUMP_JAVA_OPTS", "-XX:+UseSerialGC -Xlog:class+load=info"),
                "status", tmp.toString());
        assertEquals(0, status.status(), status.err());
        assertTrue(status.out().contains("dirdump.cli.StatusOptions "), "a subcommand named gets its model");
    }

    /**
     * What a read's start no longer does (docs/performance.md, "Start-up"): no class generated at run time
     * for an annotation (picocli's model is built in code) or for libc's functions (jffi is called directly,
     * not through stubs jnr-ffi would generate), and no java.util.logging (jnr-ffi's memory finalizer started
     * it; native memory is sys.NativeMemory's).
     */
    @Test
    void aReadGeneratesNoClassAndStartsNoLogging() throws Exception {
        Launched read = Launched.run(LAUNCHER, Map.of("DIRDUMP_JAVA_OPTS", "-XX:+UseSerialGC -Xlog:class+load=info"),
                "-q", tmp.toString());
        assertEquals(0, read.status(), read.err());
        List<String> generated = read.out().lines()
                .filter(l -> l.contains("source: __dynamic_proxy__") || l.contains("$jnr$ffi$"))
                .collect(Collectors.toList());
        assertEquals(List.of(), generated, "classes generated at run time");
        assertFalse(read.out().contains("java.util.logging.LogManager "), "java.util.logging started");
    }

    /** JVM options that say how classes are shared get no archive of the launcher's (JDK 25 would refuse to start with both). */
    @Test
    void classSharingTurnedOffRunsWithoutTheLaunchersArchive() throws Exception {
        Launched.run(LAUNCHER, Map.of(), "-q", tmp.toString());  // the first run in a checkout makes the archive
        Launched r = Launched.run(LAUNCHER, Map.of("DIRDUMP_JAVA_OPTS", "-XX:+UseSerialGC -Xshare:off"), "-q", tmp.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.err());
    }

    @Test
    void benchRunsFromTheRealBinaryAndStopsWhereItCannotEvict() throws Exception {
        Path data = tmp.resolve("data");
        Trees.randomTree(data, 30, 10_000, 3);
        Launched r = Launched.run(LAUNCHER, Map.of(), "bench", data.toString(), "--rounds", "1", "--variant=-j1", "--csv");
        assertEquals(0, r.status(), r.err());
        String[] lines = r.out().split("\n");
        assertEquals(2, lines.length, r.out());
        assertTrue(lines[1].startsWith("dirdump -j1,dirdump,"), r.out());
        assertTrue(r.err().contains("dirdump: round 1 of 1: dirdump -j1: "), r.err());

        // java.nio has no posix_fadvise (nor sync): no cold cache to be had.
        Launched fallback = Launched.run(LAUNCHER, Map.of("DIRDUMP_JAVA_OPTS", Launched.NO_BOOT_LIBRARY + "-Djffi.extract.dir=/nonexistent"),
                "bench", data.toString(), "--rounds", "1", "--variant=-j1");
        assertEquals(1, fallback.status(), fallback.err());
        assertTrue(fallback.err().endsWith("dirdump: bench stopped: cannot prepare the page cache: "
                + "sync needs the native library\n"), fallback.err());
        assertEquals("", fallback.out());
    }

    @Test
    void aMissingPathExitsTwoFromTheRealBinary() throws Exception {
        Launched r = Launched.run(LAUNCHER, Map.of(), tmp.resolve("missing").toString());
        assertEquals(2, r.status());
        assertTrue(r.err().startsWith("dirdump: " + tmp.resolve("missing") + ": No such file or directory"), r.err());
    }
}
