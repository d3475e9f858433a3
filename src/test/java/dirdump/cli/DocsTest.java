package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.cli.docs.DocFileWriter;
import java.io.ByteArrayInputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine;

/** The man pages the build made (before the tests run), from the command definitions. */
class DocsTest {
    private static final Path TARGET = Path.of(System.getProperty("user.dir"), "target");

    @TempDir
    Path tmp;

    private static List<CommandSpec> commands() {
        PrintStream nowhere = new PrintStream(PrintStream.nullOutputStream());
        CommandLine cli = dirdump.Main.commandLine(new ByteArrayInputStream(new byte[0]), nowhere, nowhere);
        List<CommandSpec> specs = new ArrayList<>(List.of(cli.getCommandSpec()));
        // help has no page of its own: it shows another command's help, and dirdump(1) names it.
        cli.getSubcommands().values().stream().filter(sub -> !(sub.getCommand() instanceof CommandLine.HelpCommand))
                .forEach(sub -> specs.add(sub.getCommandSpec()));
        return specs;
    }

    /** As the page writes it: troff takes a plain "-" for a hyphen. */
    private static String troff(String s) {
        return s.replace("-", "\\-");
    }

    @Test
    void eachCommandHasAPageWithEveryOptionExitStatusAndTheEnvironment() throws Exception {
        for (CommandSpec spec : commands()) {
            String name = spec.qualifiedName("-");
            String page = Files.readString(TARGET.resolve("man/" + name + ".1"));
            assertTrue(page.startsWith(".TH " + troff(name.toUpperCase(Locale.ROOT)) + " 1 \"\" \"dirdump "), "no date: " + name);
            assertTrue(page.contains("\n.SH NAME\n" + troff(name) + " \\- "), name);
            for (OptionSpec o : spec.options()) {
                for (String option : o.names()) {
                    assertTrue(page.contains(troff(option)), name + ": " + option);
                }
            }
            assertFalse(spec.usageMessage().exitCodeList().isEmpty(), name + " documents its exit statuses");
            for (String status : spec.usageMessage().exitCodeList().keySet()) {
                assertTrue(page.contains("\n.B " + status.strip() + "\n"), name + ": exit status " + status);
            }
            for (String expected : List.of("\n.SH EXIT STATUS\n", "\n.SH ENVIRONMENT\n", "\n.B JAVA_HOME\n",
                    "\n.B DIRDUMP_JAVA_OPTS\n", "\n.SH SEE ALSO\n")) {
                assertTrue(page.contains(expected), name + ": " + expected);
            }
            assertEquals(spec.optionsMap().containsKey("--json"), page.contains("\n.SH JSON\n"), name);
        }
    }

    @Test
    void aPercentSignIsOneWhereHelpShowsOne() throws Exception {
        String bench = Files.readString(TARGET.resolve("man/dirdump-bench.1"));
        assertTrue(bench.contains("more than 1 % of their pages"), "picocli's %% is a percent sign");
        String order = Files.readString(TARGET.resolve("man/dirdump-order.1"));
        assertTrue(order.contains("%p path") && order.contains("%% a percent sign"), "the --format fields as typed");
        assertTrue(order.contains("dirdump order \\-\\-format '%o %s %p' /data/set"), "the example as typed");
    }

    @Test
    void theSameSourcesGiveTheSameBytes() throws Exception {
        DocFileWriter.main(new String[] {tmp.toString()});
        for (String dir : List.of("man", "completion")) {
            List<Path> made;
            try (Stream<Path> files = Files.list(TARGET.resolve(dir))) {
                made = files.sorted().collect(Collectors.toList());
            }
            try (Stream<Path> again = Files.list(tmp.resolve(dir))) {
                assertEquals(made.stream().map(Path::getFileName).collect(Collectors.toList()),
                        again.sorted().map(Path::getFileName).collect(Collectors.toList()));
            }
            for (Path f : made) {
                assertArrayEquals(Files.readAllBytes(f), Files.readAllBytes(tmp.resolve(dir).resolve(f.getFileName())),
                        f + ": the build's and this run's");
            }
        }
    }
}
