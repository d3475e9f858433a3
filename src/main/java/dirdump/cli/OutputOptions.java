package dirdump.cli;

import dirdump.report.StderrReporter;
import picocli.CommandLine.Model.ArgGroupSpec;
import picocli.CommandLine.Model.CommandSpec;

/** How much to say, and whether the summary is for people or for scripts. */
public final class OutputOptions {
    final Value<Boolean> json = new Value<>(false);
    private final Value<Boolean> quiet = new Value<>(false);
    private final Value<Boolean> verbose = new Value<>(false);

    /** Adds --json and the exclusive -q and -v to {@code command}'s model, as the mixin "output". */
    void addTo(CommandSpec command) {
        CommandSpec output = CommandSpec.create();
        output.addOption(json.option(boolean.class, "--json")
                .description("Print the summary as one JSON record on stdout (fields: docs/json.md; schema: dirdump --json-schema, or /usr/share/dirdump/dirdump-record.schema.json).")
                .build());
        output.addArgGroup(ArgGroupSpec.builder().exclusive(true).multiplicity("0..1")
                .addArg(quiet.option(boolean.class, "-q", "--quiet").description("Print only errors (for cron).").build())
                .addArg(verbose.option(boolean.class, "-v", "--verbose")
                        .description("List each file: on stderr as it is read, skipped or filtered; for status, a row of the table on stdout.")
                        .build())
                .build());
        command.addMixin("output", output);
    }

    StderrReporter.Verbosity verbosity() {
        return quiet.value() ? StderrReporter.Verbosity.QUIET
                : verbose.value() ? StderrReporter.Verbosity.VERBOSE : StderrReporter.Verbosity.NORMAL;
    }
}
