package dirdump.cli.docs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine;

/**
 * What the shell completions offer, read from the command definitions: for each command, its options
 * and what each one's value is. Both shells' scripts are written from this, so that they offer the same.
 */
public final class Completions {
    /** How an option's value completes. */
    public enum Value {
        /** The option takes none. */
        NONE,
        /** One of {@link Option#words}. */
        WORDS,
        /** Some of {@link Option#words}, comma-separated (status -o RES,FILE). */
        LIST,
        /** A file name. */
        FILE,
        /** A value of its own (a number, a size, a pattern): nothing to offer. */
        TYPED
    }

    /**
     * An option: all its names (the negated one last: --no-progress), its value, whether it may be
     * given again, and the first sentence of its description, for menus.
     */
    public record Option(List<String> names, String label, Value value, List<String> words, boolean repeatable,
            String summary, String negated) {
        /** The names its value follows: not the negated one, which takes none. */
        public List<String> namesWithValue() {
            return value == Value.NONE ? List.of()
                    : names.stream().filter(n -> !n.equals(negated)).collect(Collectors.toList());
        }

        /** What a menu says of one of its names. */
        public String summary(String name) {
            return name.equals(negated) ? "the opposite of " + names.get(0) : summary;
        }
    }

    /** What a command's words other than options are. */
    public enum Operands {
        /** Files and directories. */
        PATHS,
        /** PATHs, then "--", then a command line of its own: run's COMMAND and its ARGs. */
        PATHS_THEN_COMMAND,
        /** The name of one of dirdump's commands: help's. */
        COMMAND_NAME
    }

    /**
     * A command: "" for dirdump itself, else the subcommand's name; the first sentence of its
     * description, for menus; its options; what its other words are.
     */
    public record Command(String name, String summary, List<Option> options, Operands operands) {
    }

    private Completions() {
    }

    /**
     * dirdump and each of its subcommands that is not hidden, in the order they are defined, help
     * (which man pages leave out) last.
     */
    public static List<Command> of(CommandLine root) {
        List<Command> commands = new ArrayList<>();
        for (CommandSpec spec : Commands.of(root)) {
            commands.add(command(spec.parent() == null ? "" : spec.name(), spec, operands(spec)));
        }
        for (CommandLine sub : root.getSubcommands().values()) {
            if (sub.getCommand() instanceof CommandLine.HelpCommand) {
                commands.add(command(sub.getCommandName(), sub.getCommandSpec(), Operands.COMMAND_NAME));
            }
        }
        return commands;
    }

    /** run's synopsis says that a command line follows "--": "PATH... -- COMMAND [ARG...]". */
    private static Operands operands(CommandSpec spec) {
        return String.join(" ", spec.usageMessage().customSynopsis()).contains(" -- COMMAND")
                ? Operands.PATHS_THEN_COMMAND : Operands.PATHS;
    }

    /** The names of the subcommands. */
    public static List<String> subcommands(List<Command> commands) {
        return commands.stream().map(Command::name).filter(n -> !n.isEmpty()).collect(Collectors.toList());
    }

    /** Every name of an option that takes a value, in any command: the words after them are values. */
    public static Set<String> namesTakingValues(List<Command> commands) {
        Set<String> names = new LinkedHashSet<>();
        for (Command c : commands) {
            for (Option o : c.options()) {
                names.addAll(o.namesWithValue());
            }
        }
        return names;
    }

    private static Command command(String name, CommandSpec spec, Operands operands) {
        List<Option> options = new ArrayList<>();
        for (OptionSpec o : spec.options()) {
            if (!o.hidden()) {
                options.add(option(o, spec));
            }
        }
        // help's description is of its own use; its header says what it does.
        String[] text = spec.usageMessage().header().length > 0 ? spec.usageMessage().header() : spec.usageMessage().description();
        return new Command(name, text.length == 0 ? "" : commandSummary(PlainText.of(text[0])), options, operands);
    }

    private static Option option(OptionSpec o, CommandSpec spec) {
        List<String> names = new ArrayList<>(Arrays.asList(o.names()));
        String negated = Commands.negated(o, spec);
        if (negated != null) {
            names.add(negated);
        }
        List<String> words = List.of();
        Value value;
        if (o.typeInfo().isBoolean()) {
            value = Value.NONE;
        } else if (o.typeInfo().isEnum()) {
            // Parsed without regard to case (cli.CommandLines), and written in lower case everywhere else.
            value = Value.WORDS;
            words = o.typeInfo().getEnumConstantNames().stream().map(w -> w.toLowerCase(Locale.ROOT))
                    .collect(Collectors.toList());
        } else if (o.completionCandidates() != null) {
            // The options that take several words say so: -o LIST.
            value = o.paramLabel().equals("LIST") ? Value.LIST : Value.WORDS;
            words = StreamSupport.stream(o.completionCandidates().spliterator(), false).collect(Collectors.toList());
        } else if (o.paramLabel().equals("FILE")) {  // the options that name a file say so: --files-from FILE
            value = Value.FILE;
        } else {
            value = Value.TYPED;
        }
        return new Option(List.copyOf(names), o.paramLabel(), value, words, o.isMultiValue(),
                summary(PlainText.description(o)), negated);
    }

    /**
     * What a menu says of a command: the first sentence of its description ("PATH..." ends none), its
     * asides in parentheses left out, up to its first ":" or ";".
     */
    static String commandSummary(String description) {
        String s = description.replaceAll(" \\([^()]*\\)", "");
        java.util.regex.Matcher end = java.util.regex.Pattern.compile("(?<!\\.)\\. |[:;] ").matcher(s);
        s = (end.find() ? s.substring(0, end.start()) : s).strip();
        return s.endsWith(".") && !s.endsWith("..") ? s.substring(0, s.length() - 1) : s;
    }

    /** The first sentence of the description, for a one-line menu. */
    static String summary(String description) {
        int end = description.indexOf(". ");
        String s = (end > 0 ? description.substring(0, end) : description).strip();
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }
}
