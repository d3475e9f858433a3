package dirdump.testdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real bin/testdata-gen and jar, as a user runs them (after `mvn package`). */
class GenLauncherIT {
    private static final Path LAUNCHER =
            Path.of(System.getProperty("user.dir"), "bin", "testdata-gen").toAbsolutePath();

    @TempDir
    Path tmp;

    private record Result(int status, String out, String err) {
    }

    private static Result run(Path command, String... args) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command.toString());
        pb.command().addAll(List.of(args));
        File out = File.createTempFile("testdata-gen", ".out");
        File err = File.createTempFile("testdata-gen", ".err");
        Process p = pb.redirectOutput(out).redirectError(err).redirectInput(new File("/dev/null")).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("testdata-gen did not finish: " + String.join(" ", args));
        }
        Result r = new Result(p.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8),
                Files.readString(err.toPath(), StandardCharsets.UTF_8));
        out.delete();
        err.delete();
        return r;
    }

    @Test
    void theLauncherRunsThroughASymlinkAndRefusesToWriteTwice() throws Exception {
        Path link = Files.createDirectories(tmp.resolve("bin")).resolve("tg");
        Files.createSymbolicLink(link, LAUNCHER);
        Path out = tmp.resolve("data");

        Result first = run(link, out.toString(), "--files", "300", "--dirs", "10", "--depth", "2", "--seed", "3");
        Result second = run(link, out.toString(), "--files", "300", "--seed", "3");

        assertEquals(0, first.status(), first.err());
        assertEquals("", first.out());
        assertTrue(first.err().startsWith("testdata-gen: wrote 300 files in 10 directories, "), first.err());
        assertTrue(!first.err().contains("\r"), "no progress line when stderr is not a terminal");
        assertEquals(300, TreeFacts.files(out).size());
        assertEquals(2, second.status());
        assertTrue(second.err().startsWith("testdata-gen: " + out + ": not empty"), second.err());
        Files.delete(link);  // before @TempDir's cleanup, which warns about links that point out of it
    }
}
