package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The build makes the man page and the completions from the command definitions (before the tests run). */
class DocsTest {
    private static final Path TARGET = Path.of(System.getProperty("user.dir"), "target");

    @Test
    void theManPageNamesEveryCommandOptionAndExitStatus() throws Exception {
        String man = Files.readString(TARGET.resolve("man/dirdump.1"));
        assertTrue(man.startsWith(".TH DIRDUMP 1 "), man.substring(0, 40));
        for (String expected : new String[] {".SH SYNOPSIS", ".SH OPTIONS", ".SH EXIT STATUS", ".SH EXAMPLES",
                "\\-\\-bwlimit", "\\-\\-ionice", "\\-\\-nosort", "\\-\\-jobs", ".SH COMMAND: ORDER",
                ".SH COMMAND: STATUS", ".SH COMMAND: EVICT", ".B 143"}) {
            assertTrue(man.contains(expected), expected);
        }
    }

    @Test
    void bashAndZshCompletionsKnowTheOptionsAndCommands() throws Exception {
        String bash = Files.readString(TARGET.resolve("completion/dirdump.bash"));
        String zsh = Files.readString(TARGET.resolve("completion/_dirdump"));
        for (String expected : new String[] {"--nosort", "--order", "--bwlimit", "status", "evict", "order"}) {
            assertTrue(bash.contains(expected), expected);
        }
        assertTrue(zsh.startsWith("#compdef dirdump\n"), zsh.substring(0, 30));
        assertTrue(zsh.contains("bashcompinit"));
    }
}
