package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.cli.docs.ExitStatusTable;
import dirdump.run.ExitCode;
import dirdump.testing.BuildTools;
import java.io.ByteArrayInputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine;

/**
 * The man pages the build made (before the tests run), from the command definitions, and the
 * documentation around them: the exit statuses as run.ExitCode writes them, the README's size and links.
 */
class DocsTest {
    private static final Path CHECKOUT = Path.of(System.getProperty("user.dir"));
    private static final Path TARGET = CHECKOUT.resolve("target");

    @TempDir
    Path tmp;

    /** Each command line that has a man page: dirdump, its commands, testdata-gen. */
    private static List<CommandLine> commandLines() {
        PrintStream nowhere = new PrintStream(PrintStream.nullOutputStream());
        CommandLine cli = dirdump.cli.CommandLines.commandLine(new ByteArrayInputStream(new byte[0]), nowhere, nowhere);
        List<CommandLine> all = new ArrayList<>(List.of(cli));
        // help has no page of its own: it shows another command's help, and dirdump(1) names it.
        cli.getSubcommands().values().stream().filter(sub -> !(sub.getCommand() instanceof CommandLine.HelpCommand))
                .forEach(all::add);
        all.add(dirdump.testdata.TestdataGen.commandLine(nowhere, nowhere, false));
        return all;
    }

    private static List<CommandSpec> commands() {
        return commandLines().stream().map(CommandLine::getCommandSpec).toList();
    }

    /** As the page writes it: troff takes a plain "-" for a hyphen, and "\e" for a backslash. */
    private static String troff(String s) {
        return s.replace("\\", "\\e").replace("-", "\\-");
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
            for (String expected : List.of("\n.SH EXIT STATUS\n", "\n.SH ENVIRONMENT\n", "\n.B JAVA_HOME\n",
                    "\n.B DIRDUMP_JAVA_OPTS\n", "\n.BR XDG_CACHE_HOME \", \" HOME\n", "\n.SH EXAMPLES\n", "\n.SH SEE ALSO\n")) {
                assertTrue(page.contains(expected), name + ": " + expected);
            }
            assertEquals(spec.optionsMap().containsKey("--json"), page.contains("\n.SH JSON\n"), name);
            // Each section written by hand in docs/man/NAME.md is on the page.
            for (String line : Files.readAllLines(CHECKOUT.resolve("docs/man/" + name + ".md"))) {
                if (line.startsWith("## ")) {
                    String heading = line.substring(3).strip().toUpperCase(Locale.ROOT);
                    assertTrue(heading.equals("DESCRIPTION") || heading.equals("EXAMPLES")
                            || page.contains("\n.SH " + troff(heading) + "\n"), name + ": " + heading);
                }
            }
        }
    }

    @Test
    void theHelpTheManPagesAndTheDocsGiveTheExitStatusesOfExitCode() throws Exception {
        String docs = Files.readString(CHECKOUT.resolve("docs/exit-status.md"));
        assertEquals(ExitStatusTable.markdown(), docs, "docs/exit-status.md: copy target/doc/exit-status.md over it");
        Set<ExitCode.Command> seen = new HashSet<>();
        for (CommandLine cli : commandLines()) {
            CommandSpec spec = cli.getCommandSpec();
            ExitCode.Command command = Stream.of(ExitCode.Command.values())
                    .filter(c -> c.qualifiedName.equals(spec.qualifiedName())).findFirst().orElseThrow();
            seen.add(command);
            Map<String, String> statuses = ExitCode.list(command);
            assertFalse(statuses.isEmpty(), spec.qualifiedName());
            Map<String, String> asFormats = new LinkedHashMap<>();
            statuses.forEach((status, text) -> asFormats.put(status, text.replace("%", "%%")));
            assertEquals(asFormats, spec.usageMessage().exitCodeList(), spec.qualifiedName() + ": the help's list");
            String help = cli.getUsageMessage(CommandLine.Help.Ansi.OFF);
            String page = Files.readString(TARGET.resolve("man/" + spec.qualifiedName("-") + ".1"));
            for (Map.Entry<String, String> e : statuses.entrySet()) {
                assertTrue(help.matches("(?s).*\\n +" + e.getKey() + " +" + Pattern.quote(e.getValue().split(" ")[0]) + ".*"),
                        spec.qualifiedName() + " --help: " + e.getKey() + "\n" + help);
                assertTrue(page.contains("\n.TP\n.B " + e.getKey() + "\n" + troff(e.getValue()) + "\n"),
                        spec.qualifiedName() + "'s page: " + e.getKey());
            }
        }
        assertEquals(Set.of(ExitCode.Command.values()), seen, "every command of ExitCode has a command line");
        assertEquals("N", ExitCode.list(ExitCode.Command.RUN).keySet().iterator().next(), "run: COMMAND's own first");
        assertTrue(ExitCode.list(ExitCode.Command.RUN).keySet().containsAll(List.of("125", "126", "127")));
    }

    @Test
    void theReadmeIsShortAndLinksTheRestAndTheTestCommandCiRuns() throws Exception {
        List<String> readme = Files.readAllLines(CHECKOUT.resolve("README.md"));
        assertTrue(readme.size() <= 350, "README.md has " + readme.size() + " lines; at most 350");
        String text = String.join("\n", readme);
        List<Path> docs;
        try (Stream<Path> files = Files.list(CHECKOUT.resolve("docs"))) {
            docs = files.filter(f -> f.toString().endsWith(".md")).sorted().collect(Collectors.toList());
        }
        for (Path doc : docs) {
            assertTrue(text.contains("](docs/" + doc.getFileName() + ")"), "README links docs/" + doc.getFileName());
        }
        assertTrue(text.contains("](CONTRIBUTING.md)"));
        assertTrue(text.contains("\nbin/dirdump DIR "), "the quick start runs the tool");
        String ci = Files.readString(CHECKOUT.resolve(".ci/run"));
        String test = ci.lines().filter(l -> l.startsWith("mvn ")).reduce((a, b) -> b).orElseThrow().strip();
        assertTrue(text.contains("\n" + test + " "), "the quick start's test command is what .ci/run runs: " + test);
    }

    /** Every relative link of the README and docs/ names a file there, and a heading of it where it names one. */
    @Test
    void theLinksOfTheDocumentationLeadSomewhere() throws Exception {
        List<Path> pages = new ArrayList<>(List.of(CHECKOUT.resolve("README.md"), CHECKOUT.resolve("CONTRIBUTING.md")));
        try (Stream<Path> files = Files.walk(CHECKOUT.resolve("docs"))) {
            files.filter(f -> f.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        Pattern link = Pattern.compile("\\]\\(([^)\\s#]*)(?:#([^)\\s]+))?\\)");
        for (Path page : pages) {
            Matcher m = link.matcher(outsideCode(Files.readString(page)));
            while (m.find()) {
                if (m.group(1).startsWith("http")) {
                    continue;
                }
                Path target = m.group(1).isEmpty() ? page : page.getParent().resolve(m.group(1)).normalize();
                assertTrue(Files.exists(target), page + ": " + m.group());
                if (m.group(2) != null) {
                    assertTrue(anchors(target).contains(m.group(2)), page + ": " + m.group());
                }
            }
        }
    }

    private static String outsideCode(String markdown) {
        return markdown.replaceAll("(?s)```.*?```", "");
    }

    /** The anchors GitHub gives a file's headings: lower case, punctuation dropped, spaces made hyphens. */
    private static Set<String> anchors(Path markdown) throws Exception {
        Set<String> anchors = new HashSet<>();
        for (String line : outsideCode(Files.readString(markdown)).split("\n")) {
            if (line.startsWith("#")) {
                anchors.add(line.replaceFirst("^#+\\s+", "").strip().toLowerCase(Locale.ROOT)
                        .replaceAll("[^\\p{L}\\p{N}_\\- ]", "").replace(' ', '-'));
            }
        }
        return anchors;
    }

    @Test
    void aPercentSignIsOneWhereHelpShowsOne() throws Exception {
        String bench = Files.readString(TARGET.resolve("man/dirdump-bench.1"));
        assertTrue(bench.contains("more than 1 % of their pages"), "picocli's %% is a percent sign");
        String order = Files.readString(TARGET.resolve("man/dirdump-order.1"));
        assertTrue(order.contains("\\fB%p\\fR path") && order.contains("\\fB%%\\fR a percent sign"), "the --format fields as typed");
        assertTrue(order.contains("dirdump order \\-\\-format '%o %s %p' /data/set"), "the example as typed");
    }

    @Test
    void theSameSourcesGiveTheSameBytes() throws Exception {
        BuildTools.run("DocFileWriter", tmp.toString(), CHECKOUT.resolve("docs").toString());
        for (String dir : List.of("man", "completion", "doc")) {
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
