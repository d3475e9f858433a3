package dirdump.cli;

import dirdump.report.StatusColumn;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** The table's form, with fincore's options (-o, -n, -b, -r), and the check a batch job makes first. */
final class StatusOptions {
    /** The command's model, whose command line a usage error names. */
    private CommandSpec spec;

    final Value<String> output = new Value<>(null);
    final Value<Boolean> noHeadings = new Value<>(false);
    final Value<Boolean> bytes = new Value<>(false);
    final Value<Boolean> raw = new Value<>(false);
    final Value<Double> minPercent = new Value<>(null);

    /** Adds the table's options to {@code command}'s model, as the mixin "table". */
    void addTo(CommandSpec command) {
        spec = command;
        CommandSpec table = CommandSpec.create();
        table.addOption(output.option(String.class, "-o", "--output").paramLabel("LIST")
                .completionCandidates(Arrays.stream(StatusColumn.values()).map(Enum::name).toList())
                .description("Columns of the -v table, comma-separated: RES (resident bytes), PAGES (resident pages), "
                    + "SIZE, PERCENT (of the size's pages), FILE (default RES,PAGES,SIZE,FILE, as fincore counts them, "
                    + "a sparse file's holes included); DATA_RES, DATA_PAGES, DATA_SIZE, DATA_PERCENT: the same of the "
                    + "file's data only, holes left out.").build());
        table.addOption(noHeadings.option(boolean.class, "-n", "--noheadings")
                .description("No header line over the table.").build());
        table.addOption(bytes.option(boolean.class, "-b", "--bytes")
                .description("Sizes in the table in bytes, not in binary units (12KiB).").build());
        table.addOption(raw.option(boolean.class, "-r", "--raw")
                .description("Columns not aligned: one space between them, spaces in names as \\x20.").build());
        table.addOption(minPercent.option(Double.class, "--min-percent").paramLabel("N")
                .description("Exit 1, saying how much was found, when less than N %% of the pages of the files' data "
                    + "are in the page cache (0 to 100; a sparse file's holes left out): is it warm enough to start the job?")
                .build());
        command.addMixin("table", table);
    }

    List<StatusColumn> columns() {
        if (output.value() == null) {
            return StatusColumn.DEFAULT;
        }
        try {
            return StatusColumn.parse(output.value());
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--output: " + e.getMessage());
        }
    }

    void validate() {
        columns();
        if (minPercent.value() != null && !(minPercent.value() >= 0 && minPercent.value() <= 100)) {
            throw new ParameterException(spec.commandLine(), "--min-percent must be from 0 to 100");
        }
    }
}
