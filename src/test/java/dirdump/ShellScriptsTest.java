package dirdump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.testing.Tools;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every shell script of the project (the launchers, their sourced parts, the installed ones, the
 * package's maintainer scripts, contrib/, bench/, CI) passes shellcheck, following what each sources;
 * a finding is silenced only with a comment that says why.
 */
class ShellScriptsTest {
    private static final Path CHECKOUT = Path.of(System.getProperty("user.dir"));
    /** What the build and the tools make, and git's own: no script of the project's there. */
    private static final Set<String> NOT_SOURCES = Set.of(".git", "target", ".cifuzz-corpus");
    private static final Pattern SHELL = Pattern.compile("#!\\s*(/usr)?/bin/(env\\s+)?(sh|bash|dash)\\b.*");

    /** A file named *.sh (sourced ones have no #! line), or one whose #! line names sh, bash or dash. */
    private static List<Path> scripts() throws IOException {
        List<Path> scripts = new ArrayList<>();
        try (Stream<Path> files = Files.walk(CHECKOUT)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                Path relative = CHECKOUT.relativize(f);
                boolean generated = false;
                for (Path part : relative) {
                    generated |= NOT_SOURCES.contains(part.toString());
                }
                if (!generated && (f.getFileName().toString().endsWith(".sh") || SHELL.matcher(firstLine(f)).matches())) {
                    scripts.add(relative);
                }
            }
        }
        return scripts.stream().sorted().toList();
    }

    private static String firstLine(Path f) throws IOException {
        try (BufferedReader in = Files.newBufferedReader(f, StandardCharsets.ISO_8859_1)) {
            String line = in.readLine();
            return line == null ? "" : line;
        }
    }

    @Test
    void everyScriptIsFound() throws Exception {
        List<String> found = scripts().stream().map(Path::toString).toList();
        assertTrue(found.containsAll(List.of("bin/dirdump", "bin/launch.sh", "bin/start.sh", "src/main/dist/installed.sh",
                "src/main/deb/postinst", "contrib/slurm/dirdump-prolog.sh", "bench/compare.sh", ".ci/run")), found.toString());
    }

    @Test
    void shellcheckFindsNothing() throws Exception {
        Tools.which("shellcheck");
        List<String> command = new ArrayList<>(List.of("shellcheck", "--external-sources", "--source-path=SCRIPTDIR", "--format=gcc"));
        scripts().forEach(s -> command.add(s.toString()));
        Process p = new ProcessBuilder(command).directory(CHECKOUT.toFile()).redirectErrorStream(true).start();
        String findings = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals("", findings, "shellcheck " + String.join(" ", command.subList(4, command.size())));
        assertEquals(0, p.waitFor());
    }

    /** "# shellcheck disable=SC...  # why", or the line above says why. */
    @Test
    void eachSilencedFindingSaysWhy() throws Exception {
        List<String> unexplained = new ArrayList<>();
        for (Path script : scripts()) {
            List<String> lines = Files.readAllLines(CHECKOUT.resolve(script), StandardCharsets.ISO_8859_1);
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).strip();
                if (line.matches("#\\s*shellcheck\\s.*disable=.*") && !line.matches("#\\s*shellcheck\\s.*disable=\\S+\\s+#.*\\S.*")) {
                    String above = i == 0 ? "" : lines.get(i - 1).strip();
                    if (!above.startsWith("#") || above.matches("#\\s*shellcheck\\s.*")) {
                        unexplained.add(script + ":" + (i + 1) + ": " + line);
                    }
                }
            }
        }
        assertEquals(List.of(), unexplained, "a silenced finding without a comment that says why");
    }
}
