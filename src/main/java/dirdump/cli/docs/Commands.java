package dirdump.cli.docs;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine;

/** What the man pages and the completions both read of the command definitions. */
final class Commands {
    private Commands() {
    }

    /**
     * dirdump and each of its subcommands that is not hidden, in the order they are defined; not
     * {@code help}, which only shows another's help (dirdump(1) names it).
     */
    static List<CommandSpec> of(CommandLine root) {
        List<CommandSpec> specs = new ArrayList<>();
        specs.add(root.getCommandSpec());
        for (CommandLine sub : root.getSubcommands().values()) {
            if (!sub.getCommandSpec().usageMessage().hidden() && !(sub.getCommand() instanceof CommandLine.HelpCommand)) {
                specs.add(sub.getCommandSpec());
            }
        }
        return specs;
    }

    /** The negated name of a negatable option (--no-progress for --progress), or null. */
    static String negated(OptionSpec o, CommandSpec spec) {
        if (!o.negatable()) {
            return null;
        }
        String name = o.longestName();
        String negated = spec.commandLine().getNegatableOptionTransformer().makeNegative(name, spec);
        return negated.equals(name) ? null : negated;
    }
}
