package dirdump.cli;

import java.util.Set;
import java.util.stream.Collectors;
import picocli.CommandLine.Model.ArgGroupSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * dirdump's options given before a subcommand's name ("dirdump --include '*.h5' status DIR"): picocli
 * gives them to dirdump, which does not run, so that they would be silently dropped. A walk, list or
 * output option the subcommand has too (the same name and type) is handed over to it, as if it had
 * been given after the name; given in both places, it is a usage error. A read option is kept for a
 * subcommand that reads with dirdump's read options (run); any other option is a usage error naming it.
 */
final class OptionsBefore {
    private OptionsBefore() {
    }

    /**
     * Hands dirdump's options over to {@code sub}, or refuses them; {@code readOptions}: whether
     * {@code sub} uses dirdump's own read options, {@code hint}: where they go otherwise (or null).
     */
    static void handOver(CommandSpec dirdump, CommandSpec sub, boolean readOptions, String hint) {
        ParseResult before = dirdump.commandLine().getParseResult();
        ParseResult after = sub.commandLine().getParseResult();
        Set<OptionSpec> handed = dirdump.mixins().values().stream().flatMap(m -> m.options().stream())
                .collect(Collectors.toSet());
        for (OptionSpec option : before.matchedOptions()) {
            OptionSpec there = sub.findOption(option.longestName());
            if (handed.contains(option) && there != null && there.type() == option.type()) {
                refuseGivenTwice(option, there, after, sub);
                there.setValue(option.getValue());
            } else if (!readOptions || handed.contains(option)) {
                throw new ParameterException(sub.commandLine(), option.longestName() + " before '" + sub.name()
                        + "' does not apply to it: " + sub.name() + "'s options go after '" + sub.name() + "'"
                        + (hint == null ? "" : " (" + hint + ")"));
            }
        }
    }

    /** The option also after the name, or another of its exclusive group there (-q before, -v after). */
    private static void refuseGivenTwice(OptionSpec option, OptionSpec there, ParseResult after, CommandSpec sub) {
        ArgGroupSpec group = there.group();
        for (OptionSpec given : after.matchedOptions()) {
            if (given == there || group != null && group.exclusive() && group.options().contains(given)) {
                throw new ParameterException(sub.commandLine(), option.longestName() + " before '" + sub.name()
                        + "' and " + given.longestName() + " after it: give " + (given == there ? "it once" : "one")
                        + ", after '" + sub.name() + "'");
            }
        }
    }
}
