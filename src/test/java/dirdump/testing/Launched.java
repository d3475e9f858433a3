package dirdump.testing;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * dirdump run as a user runs it, a launcher in bin/ or the built jar (BuiltJar): a child process,
 * stdin empty, what it printed kept.
 */
public record Launched(int status, String out, String err) {
    /**
     * For DIRDUMP_JAVA_OPTS, before a -Djffi.extract.dir: jffi then finds no library where the launcher
     * put one (target/jni, lib/dirdump/jni), and unpacks it from the jar into that directory, or fails.
     */
    public static final String NO_BOOT_LIBRARY = "-Djffi.boot.library.path=/nonexistent ";

    /** bin/NAME of this checkout (the tests run in its top directory). */
    public static Path launcher(String name) {
        return Path.of(System.getProperty("user.dir"), "bin", name).toAbsolutePath();
    }

    /** The command with the test's environment, and {@code env} added to it. */
    public static Launched run(Path command, Map<String, String> env, String... args) throws Exception {
        ProcessBuilder pb = builder(command, args);
        pb.environment().putAll(env);
        return of(pb);
    }

    /** The command with only {@code env} for environment: no PATH, JAVA_HOME or HOME of the test's. */
    public static Launched runIn(Map<String, String> env, Path command, String... args) throws Exception {
        ProcessBuilder pb = builder(command, args);
        pb.environment().clear();
        pb.environment().putAll(env);
        return of(pb);
    }

    private static ProcessBuilder builder(Path command, String... args) {
        ProcessBuilder pb = new ProcessBuilder();
        pb.command().add(command.toString());
        pb.command().addAll(List.of(args));
        return pb;
    }

    /** What {@code pb} has set up, run as above. */
    public static Launched of(ProcessBuilder pb) throws Exception {
        File out = File.createTempFile("launched", ".out");
        File err = File.createTempFile("launched", ".err");
        try {
            Process p = pb.redirectOutput(out).redirectError(err).redirectInput(new File("/dev/null")).start();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError(String.join(" ", pb.command()) + " did not finish");
            }
            return new Launched(p.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8),
                    Files.readString(err.toPath(), StandardCharsets.UTF_8));
        } finally {
            out.delete();
            err.delete();
        }
    }

    /** stderr with the summary's lines that went on below joined again (see DirdumpRun#unwrapped). */
    public String errUnwrapped() {
        return DirdumpRun.unwrapped(err);
    }

    public JsonObject json() {
        return JsonParser.parseString(out).getAsJsonObject();
    }
}
