package dirdump.cli;

import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The model of each dirdump command is built in code, not read from annotations: picocli reads an
 * annotation through a dynamic proxy, whose class it generates at run time, at every start
 * (docs/performance.md, "Start-up"). This is what every command's model shares.
 */
final class CommandSpecs {
    /** The key picocli's own standard help options go by, as mixinStandardHelpOptions would add them. */
    private static final String STANDARD_HELP = "mixinStandardHelpOptions";

    private CommandSpecs() {
    }

    /**
     * The model of {@code command} (which picocli calls, as a Callable) named {@code name}, with its
     * help's description and examples ({@code footer}); options are added after, then {@link #addStandardHelp}.
     */
    static CommandSpec of(Object command, String name, String[] description, String[] footer) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(command).name(name);
        spec.versionProvider(new VersionProvider());
        spec.usageMessage().sortOptions(false).autoWidth(true).description(description)
                .exitCodeListHeading("%nExit status:%n").footerHeading("%nExamples:%n").footer(footer);
        return spec;
    }

    /**
     * -h and -V, last, as mixinStandardHelpOptions adds them (a mixin under its key, so that the model
     * reads the same), but not through it: it builds picocli's annotated mixin by reflection.
     */
    static void addStandardHelp(CommandSpec spec) {
        CommandSpec help = CommandSpec.create();
        help.addOption(OptionSpec.builder("-h", "--help").type(boolean.class).usageHelp(true)
                .description("Show this help message and exit.").build());
        help.addOption(OptionSpec.builder("-V", "--version").type(boolean.class).versionHelp(true)
                .description("Print version information and exit.").build());
        spec.addMixin(STANDARD_HELP, help);
    }

    /** The words a command takes (PATH...), as a list; {@code arity}: 0..* or 1..*. */
    static PositionalParamSpec words(Value<List<String>> words, String label, String arity, String description) {
        return words.parameter(List.class).auxiliaryTypes(String.class).paramLabel(label).arity(arity)
                .description(description).build();
    }

    /** An option that may be given again: each value, in order. */
    static OptionSpec.Builder repeatable(Value<List<String>> values, String... names) {
        return values.option(List.class, names).auxiliaryTypes(String.class);
    }
}
