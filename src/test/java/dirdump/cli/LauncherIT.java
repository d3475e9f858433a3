package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dirdump.testing.Trees;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real launcher and jar, as a user runs them (after `mvn package`). */
class LauncherIT {
    private static final Path LAUNCHER = Path.of(System.getProperty("user.dir"), "bin", "dirdump").toAbsolutePath();

    @TempDir
    Path tmp;

    private record Result(int status, String out, String err) {
        JsonObject json() {
            return JsonParser.parseString(out).getAsJsonObject();
        }
    }

    private static Result run(Path command, Map<String, String> env, String... args) throws Exception {
        ProcessBuilder pb = new ProcessBuilder();
        pb.command().add(command.toString());
        pb.command().addAll(List.of(args));
        pb.environment().putAll(env);
        File out = File.createTempFile("dirdump", ".out");
        File err = File.createTempFile("dirdump", ".err");
        Process p = pb.redirectOutput(out).redirectError(err).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("dirdump did not finish: " + String.join(" ", args));
        }
        Result r = new Result(p.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8),
                Files.readString(err.toPath(), StandardCharsets.UTF_8));
        out.delete();
        err.delete();
        return r;
    }

    @Test
    void theLauncherRunsThroughASymlinkFromAnotherDirectory() throws Exception {
        Path data = tmp.resolve("data");
        long bytes = Trees.totalSize(Trees.randomTree(data, 50, 10_000, 1));
        Path link = tmp.resolve("bin/dd-link");
        Files.createDirectories(link.getParent());
        Files.createSymbolicLink(link, LAUNCHER);

        Result r = run(link, Map.of(), data.toString(), "--force", "--json");

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
        Result nativeRun = run(LAUNCHER, Map.of(), data.toString(), "--force", "--json");
        // jffi cannot unpack its native library into a directory that does not exist.
        Result fallback = run(LAUNCHER, Map.of("DIRDUMP_JAVA_OPTS", "-Djffi.extract.dir=/nonexistent"),
                data.toString(), "--force", "--json");

        assertEquals(0, fallback.status(), fallback.err());
        assertTrue(fallback.err().matches("dirdump: warning: cannot bind libc \\(.*\\); using java.nio, which is slower\n"),
                fallback.err());
        assertTrue(nativeRun.json().get("io").getAsString().startsWith("native"));
        assertEquals("java.nio fallback", fallback.json().get("io").getAsString());
        for (String field : new String[] {"files_read", "bytes_read", "errors"}) {
            assertEquals(nativeRun.json().get(field), fallback.json().get(field), field);
        }
        assertEquals(bytes, fallback.json().get("bytes_read").getAsLong());
        assertEquals(nativeRun.json().get("skipped"), fallback.json().get("skipped"));
    }

    @Test
    void benchRunsFromTheRealBinaryAndStopsWhereItCannotEvict() throws Exception {
        Path data = tmp.resolve("data");
        Trees.randomTree(data, 30, 10_000, 3);
        Result r = run(LAUNCHER, Map.of(), "bench", data.toString(), "--rounds", "1", "--variant=-j1", "--csv");
        assertEquals(0, r.status(), r.err());
        String[] lines = r.out().split("\n");
        assertEquals(2, lines.length, r.out());
        assertTrue(lines[1].startsWith("dirdump -j1,dirdump,"), r.out());
        assertTrue(r.err().contains("dirdump: round 1 of 1: dirdump -j1: "), r.err());

        // java.nio has no posix_fadvise (nor sync): no cold cache to be had.
        Result fallback = run(LAUNCHER, Map.of("DIRDUMP_JAVA_OPTS", "-Djffi.extract.dir=/nonexistent"),
                "bench", data.toString(), "--rounds", "1", "--variant=-j1");
        assertEquals(1, fallback.status(), fallback.err());
        assertTrue(fallback.err().endsWith("dirdump: bench stopped: cannot prepare the page cache: "
                + "sync needs the native library\n"), fallback.err());
        assertEquals("", fallback.out());
    }

    @Test
    void aMissingPathExitsTwoFromTheRealBinary() throws Exception {
        Result r = run(LAUNCHER, Map.of(), tmp.resolve("missing").toString());
        assertEquals(2, r.status());
        assertTrue(r.err().startsWith("dirdump: " + tmp.resolve("missing") + ": No such file or directory"), r.err());
    }
}
