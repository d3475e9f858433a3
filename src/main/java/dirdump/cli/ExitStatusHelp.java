package dirdump.cli;

import dirdump.run.ExitCode;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine;

/** Gives each command of a command line the "Exit status" list of its help from {@link ExitCode}, where they are written. */
public final class ExitStatusHelp {
    private ExitStatusHelp() {
    }

    /** Sets the list of {@code cli}'s command and of each subcommand it has (help has none of its own). */
    public static CommandLine describe(CommandLine cli) {
        String name = cli.getCommandSpec().qualifiedName();
        for (ExitCode.Command command : ExitCode.Command.values()) {
            if (command.qualifiedName.equals(name)) {
                Map<String, String> list = new LinkedHashMap<>();
                // picocli formats the texts as format strings: a % must be %%.
                ExitCode.list(command).forEach((status, text) -> list.put(status, text.replace("%", "%%")));
                cli.getCommandSpec().usageMessage().exitCodeList(list);
            }
        }
        cli.getSubcommands().values().forEach(ExitStatusHelp::describe);
        return cli;
    }
}
