package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dirdump.testing.BuiltJar;
import dirdump.testing.Launched;
import dirdump.testing.Trees;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lines are broken only for a terminal, at its width: on a narrow pseudo-terminal the summary and
 * --help's examples go on below, indented; into a pipe every line is whole.
 */
class OutputWidthIT {
    private static final int COLUMNS = 50;
    /** picocli's help is never narrower than 55 columns. */
    private static final int HELP_COLUMNS = 60;

    @TempDir
    Path tmp;
    private Path set;

    @BeforeEach
    void aTree() throws Exception {
        set = tmp.resolve("a-directory-with-a-name-long-enough-to-need-a-second-line");
        Trees.randomTree(set, 5, 10_000, 1);
    }

    /** What a terminal {@code columns} wide was sent when {@code args} ran on it, line by line. */
    private List<String> onATerminal(int columns, String args) throws Exception {
        assumeTrue(new File("/usr/bin/script").canExecute(), "util-linux script(1) is needed for a pseudo-terminal");
        Path typescript = tmp.resolve("typescript");
        Process tty = BuiltJar.builder(List.of("script", "-qfec", "stty cols " + columns + "; " + BuiltJar.shellWords()
                + " " + args, typescript.toString())).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectErrorStream(true).start();
        assertTrue(tty.waitFor(60, TimeUnit.SECONDS));
        // script(1) of util-linux 2.39 frames the typescript with a line before and after, even with -q.
        return Stream.of(Files.readString(typescript).replace("\r", "").split("\n"))
                .filter(l -> !l.startsWith("Script started on ") && !l.startsWith("Script done on ")).toList();
    }

    /** Whether {@code line} fits {@code columns}, or could not: one word after its indent (a long path). */
    private static boolean fits(String line, int columns) {
        return line.length() <= columns || !line.strip().contains(" ");
    }

    @Test
    void theSummaryFitsTheTerminalAndIsWholeIntoAPipe() throws Exception {
        List<String> screen = onATerminal(COLUMNS, "order --stats " + set + " >/dev/null");
        assertTrue(screen.stream().anyMatch(l -> l.startsWith("dirdump: 5 files in order auto; ")), screen.toString());
        for (String line : screen) {
            assertTrue(fits(line, COLUMNS), "wider than the terminal: '" + line + "' in " + screen);
        }
        assertTrue(screen.stream().anyMatch(l -> l.startsWith("    ")), "carried on, indented: " + screen);

        Launched piped = BuiltJar.run("order", "--stats", set.toString());
        assertEquals(0, piped.status(), piped.err());
        String first = piped.err().lines().findFirst().orElseThrow();
        assertTrue(first.matches("dirdump: 5 files in order auto; seconds: listing [0-9.]+, ordering [0-9.]+, locating [0-9.]+"),
                "the first line whole, as head -1 takes it: " + piped.err());
        assertTrue(piped.err().lines().anyMatch(l -> l.startsWith("  device ") && l.contains(set.toString())),
                "the device's line whole, with its PATH: " + piped.err());
    }

    @Test
    void helpsExamplesGoOnIndentedOnANarrowTerminal() throws Exception {
        List<String> screen = onATerminal(HELP_COLUMNS, "--help");
        List<String> examples = screen.subList(screen.indexOf("Examples:") + 1, screen.size()).stream()
                .filter(l -> !l.isEmpty()).toList();
        assertTrue(examples.size() > 14, "some examples take two lines: " + examples);
        for (String line : examples) {
            assertTrue(line.startsWith("  "), "an example at column 0: '" + line + "' in " + examples);
            assertTrue(fits(line, HELP_COLUMNS), "wider than the terminal: '" + line + "'");
        }
        assertTrue(examples.stream().anyMatch(l -> l.startsWith("      ")), "carried on below, indented: " + examples);
    }
}
