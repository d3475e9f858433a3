package dirdump.cli;

import picocli.CommandLine.Model.CommandSpec;

/** How the --files-from list separates its names, for the commands that take one and print no list. */
public final class ListOptions {
    final Value<Boolean> nul = new Value<>(false);

    /** Adds -0 to {@code command}'s model, as the mixin "list". */
    void addTo(CommandSpec command) {
        CommandSpec list = CommandSpec.create();
        list.addOption(nul.option(boolean.class, "-0", "--null")
                .description("The names of --files-from end with a NUL byte, as find -print0 and dirdump order -0 write them.")
                .build());
        command.addMixin("list", list);
    }
}
