package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dirdump.testing.Launched;
import dirdump.testing.Tmux;
import dirdump.testing.Tools;
import dirdump.testing.Zsh;
import java.io.ByteArrayInputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine;

/**
 * The shell completions the build made, run as the shells run them, in a directory of a few files:
 * what a user would be offered after pressing Tab.
 */
class CompletionTest {
    private static final Path COMPLETION = Path.of(System.getProperty("user.dir"), "target", "completion");

    @TempDir
    Path tmp;

    @BeforeEach
    void aFewFiles() throws Exception {
        Files.createDirectories(tmp.resolve("data"));
        for (String name : List.of("dat.txt", "stuff", "status.txt")) {
            Files.writeString(tmp.resolve(name), "x");
        }
    }

    /**
     * What bash's completion function offers for these words, the last being completed (bash splits
     * "--order=in" into "--order", "=", "in", as the tests write them).
     */
    private Set<String> bash(String... words) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", "source \"$1\"; shift; COMP_WORDS=(\"$@\"); "
                + "COMP_CWORD=$(($# - 1)); _dirdump; printf '%s\\n' \"${COMPREPLY[@]}\"", "bash",
                COMPLETION.resolve("dirdump.bash").toString());
        pb.command().addAll(List.of(words));
        Launched r = Launched.of(pb.directory(tmp.toFile()));
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.err());
        return offered(r.out());
    }

    private static Set<String> offered(String lines) {
        Set<String> words = new TreeSet<>(lines.lines().toList());
        words.remove("");
        return words;
    }

    /** Every name of every option of the command, as picocli defines them. */
    private static Set<String> optionsOf(String command) {
        PrintStream nowhere = new PrintStream(PrintStream.nullOutputStream());
        CommandLine cli = dirdump.cli.CommandLines.commandLine(new ByteArrayInputStream(new byte[0]), nowhere, nowhere);
        CommandSpec spec = command.isEmpty() ? cli.getCommandSpec() : cli.getSubcommands().get(command).getCommandSpec();
        Set<String> names = new TreeSet<>();
        for (OptionSpec o : spec.options()) {
            names.addAll(List.of(o.names()));
            if (o.negatable()) {
                names.add(o.longestName().replaceFirst("^--", "--no-"));
            }
        }
        return names;
    }

    @Test
    void bashCompletesPathsAsFilesAndCommandsBeforeOne() throws Exception {
        assertEquals(Set.of("dat.txt", "data"), bash("dirdump", "da"));
        assertEquals(Set.of("status", "status.txt", "stuff"), bash("dirdump", "st"));
        assertEquals(Set.of("status.txt", "stuff"), bash("dirdump", "status", "st"), "no command after the command");
        assertEquals(Set.of("dat.txt", "data"), bash("dirdump", "--files-from", "da"));
        assertEquals(Set.of("dat.txt", "data"), bash("dirdump", "evict", "-q", "da"));
    }

    @Test
    void bashOffersEachOptionsOwnValuesInLowerCase() throws Exception {
        assertEquals(Set.of("auto", "fiemap", "fibmap"), bash("dirdump", "--locate", ""));
        assertEquals(Set.of("fiemap", "fibmap"), bash("dirdump", "--locate", "=", "fi"));
        assertEquals(Set.of("auto", "fiemap", "fibmap"), bash("dirdump", "status", "--locate", "="));
        assertEquals(Set.of("auto", "physical", "inode", "name", "none"), bash("dirdump", "order", "--order", ""));
        assertEquals(Set.of("read", "willneed"), bash("dirdump", "--method", ""));
        assertEquals(Set.of("auto", "cachestat", "mincore"), bash("dirdump", "status", "--method", ""));
        assertEquals(Set.of("idle", "best-effort"), bash("dirdump", "--ionice", ""));
        assertEquals(Set.of(), bash("dirdump", "--jobs", ""), "a number: nothing to offer, not files");
    }

    @Test
    void bashListsEveryOptionOfTheCommand() throws Exception {
        for (String command : List.of("", "order", "status", "evict", "lock", "run", "bench")) {
            List<String> words = new ArrayList<>(List.of("dirdump"));
            if (!command.isEmpty()) {
                words.add(command);
            }
            words.add("-");
            assertEquals(optionsOf(command), bash(words.toArray(String[]::new)), command);
        }
        // "status" here is --include's pattern, not the command.
        assertEquals(optionsOf(""), bash("dirdump", "--include", "status", "-"));
    }

    /** What zsh's completion, loaded by compinit from $fpath, offers for the line (Zsh.offered). */
    private Set<String> zsh(String line) throws Exception {
        Path fpath = Files.createDirectories(tmp.resolve("fpath"));
        Files.copy(COMPLETION.resolve("_dirdump"), fpath.resolve("_dirdump"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return Zsh.offered(fpath, tmp, line);
    }

    @Test
    void zshOffersTheSame() throws Exception {
        assumeTrue(new ProcessBuilder("sh", "-c", "command -v zsh").start().waitFor() == 0, "zsh is not installed");
        assertEquals(Set.of("auto", "fiemap", "fibmap"), zsh("dirdump --locate="));
        assertEquals(Set.of("auto", "cachestat", "mincore"), zsh("dirdump status --method "));
        assertEquals(Set.of("status", "status.txt", "stuff"), zsh("dirdump st"));
        assertEquals(Set.of("order", "status", "evict", "lock", "run", "bench", "help"), zsh("dirdump help "));
        Set<String> longOptions = new TreeSet<>(optionsOf("bench"));
        longOptions.removeIf(o -> !o.startsWith("--"));
        assertEquals(longOptions, zsh("dirdump bench --"));
    }

    /** Where bash-completion keeps its functions (Debian's bash-completion package). */
    private static final Path BASH_COMPLETION = Path.of("/usr/share/bash-completion/bash_completion");

    /** Commands of the test's own on the shell's PATH: the names run's COMMAND completes to. */
    private Path commands() throws Exception {
        Path bin = tmp.resolve("bin");
        Tools.script(bin.resolve("ddtest-alpha"), "exit 0");
        Tools.script(bin.resolve("ddtest-beta"), "exit 0");
        return bin;
    }

    /** An interactive bash in tmux, the completion sourced (after bash-completion's, if asked), in the test's directory. */
    private Tmux bashInTmux(boolean withBashCompletion) throws Exception {
        Tmux bash = Tmux.start(tmp.resolve("tmux"), commands(), "bash --norc --noprofile -i");
        if (withBashCompletion) {
            bash.run("source " + BASH_COMPLETION);
        }
        bash.run("source " + COMPLETION.resolve("dirdump.bash") + "; cd " + tmp);
        return bash;
    }

    @Test
    void bashInATerminalCompletesRunsCommandHelpsCommandAndStatusColumns() throws Exception {
        try (Tmux bash = bashInTmux(false)) {
            String commands = bash.completed("dirdump run . -- ddtest-", 2);
            assertTrue(commands.contains("ddtest-alpha") && commands.contains("ddtest-beta"), commands);
            assertTrue(bash.completed("dirdump --jobs 3 run data -- ddtest-al", 1)
                    .contains("dirdump --jobs 3 run data -- ddtest-alpha"), "the one command, completed");
            // Without bash-completion, COMMAND's arguments are files.
            assertTrue(bash.completed("dirdump run . -- ddtest-alpha st", 2).contains("status.txt"));
            assertColumnsAndCommands(bash, 2);
        }
    }

    @Test
    void bashWithBashCompletionCompletesRunsCommandAsItsOwn() throws Exception {
        assumeTrue(Files.exists(BASH_COMPLETION), "bash-completion is not installed");
        try (Tmux bash = bashInTmux(true)) {
            bash.run("complete -W 'one two' ddtest-alpha");
            String own = bash.completed("dirdump run data -- ddtest-alpha ", 2);
            assertTrue(own.contains("one") && own.contains("two") && !own.contains("stuff"), own);
            assertTrue(bash.completed("dirdump run . -- ddtest-be", 1).contains("dirdump run . -- ddtest-beta"));
            assertColumnsAndCommands(bash, 2);
        }
    }

    /** status -o offers every column, also after one; help offers the commands, and no file. */
    private static void assertColumnsAndCommands(Tmux shell, int tabs) throws Exception {
        String columns = shell.completed("dirdump status -o ", tabs);
        for (String column : List.of("RES", "PAGES", "SIZE", "PERCENT", "DATA_RES", "DATA_PAGES", "DATA_SIZE", "DATA_PERCENT", "FILE")) {
            assertTrue(columns.matches("(?s).*\\b" + column + "\\b.*"), column + " in " + columns);
        }
        String next = shell.completed("dirdump status -o RES,P", tabs);
        assertTrue(next.contains("PAGES") && next.contains("PERCENT") && !next.contains("SIZE"), next);
        String help = shell.completed("dirdump help ", tabs);
        for (String command : List.of("order", "status", "evict", "lock", "run", "bench", "help")) {
            assertTrue(help.matches("(?s).*\\b" + command + "\\b.*"), command + " in " + help);
        }
        assertFalse(help.contains("stuff") || help.contains("dat.txt"), help);
    }

    @Test
    void zshInATerminalDescribesTheCommandsAndCompletesRunsCommand() throws Exception {
        assumeTrue(new ProcessBuilder("sh", "-c", "command -v zsh").start().waitFor() == 0, "zsh is not installed");
        Path fpath = Files.createDirectories(tmp.resolve("fpath"));
        Files.copy(COMPLETION.resolve("_dirdump"), fpath.resolve("_dirdump"));
        try (Tmux zsh = Tmux.start(tmp.resolve("tmux"), commands(), "zsh -f -i")) {
            zsh.run("fpath=(" + fpath + " $fpath); autoload -U compinit; compinit -u -D; cd " + tmp);
            String menu = zsh.completed("dirdump ", 1);
            // Each command with what it does, from its description; files beside them.
            assertTrue(menu.contains("help    -- Display help information about the specified command"), menu);
            assertTrue(menu.contains("order   -- Prints the files in the order they would be read, without reading them"), menu);
            for (String command : List.of("status", "evict", "lock", "run", "bench")) {
                assertTrue(menu.matches("(?s).*\\n" + command + " +-- [A-Z].*"), command + " in " + menu);
            }
            assertTrue(menu.contains("stuff"), menu);
            String options = zsh.completed("dirdump status -", 1);
            assertTrue(options.matches("(?s).*--bytes +-b +-- Sizes in the table in bytes.*"), options);
            String commands = zsh.completed("dirdump run . -- ddtest-", 1);
            assertTrue(commands.contains("ddtest-alpha") && commands.contains("ddtest-beta"), commands);
            assertTrue(zsh.completed("dirdump --jobs 3 run data -- ddtest-al", 1).contains("dirdump --jobs 3 run data -- ddtest-alpha"));
            assertTrue(zsh.completed("dirdump run . -- ddtest-alpha st", 1).contains("status.txt"));
            assertColumnsAndCommands(zsh, 1);
        }
    }
}
