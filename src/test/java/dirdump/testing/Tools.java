package dirdump.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

/** Directories of programs for a launcher's PATH: links to the real ones, and scripts standing in for others. */
public final class Tools {
    private Tools() {
    }

    /** Where a program is on the test's PATH; the test is skipped without it. */
    public static Path which(String tool) throws Exception {
        Process p = new ProcessBuilder("sh", "-c", "command -v " + tool).start();
        String path = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assumeTrue(p.waitFor() == 0, tool + " is needed on PATH");
        return Path.of(path);
    }

    /** A directory {@code dir} of links to these programs, nothing else. */
    public static Path links(Path dir, List<String> tools) throws Exception {
        Files.createDirectories(dir);
        for (String tool : tools) {
            Files.createSymbolicLink(dir.resolve(tool), which(tool));
        }
        return dir;
    }

    /** An executable sh script of these lines. */
    public static Path script(Path path, String... lines) throws IOException {
        Files.createDirectories(path.getParent());
        Files.writeString(path, "#!/bin/sh\n" + String.join("\n", lines) + "\n");
        Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rwxr-xr-x"));
        return path;
    }

    /**
     * A JVM home {@code home} whose bin/java is the real java behind a script that adds each start's
     * arguments as a line to {@code log}; its release file is the real one, so that the launcher reads
     * the version from it without starting java. Returns bin/java.
     */
    public static Path loggingJava(Path home, Path log) throws IOException {
        Path real = Path.of(System.getProperty("java.home"));
        Path java = script(home.resolve("bin/java"), "echo \"$*\" >>'" + log + "'",
                "exec '" + real.resolve("bin/java") + "' \"$@\"");
        Files.copy(real.resolve("release"), home.resolve("release"));
        return java;
    }
}
