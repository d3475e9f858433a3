package dirdump.cli;

import dirdump.report.StatusColumn;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The table's form, with fincore's options (-o, -n, -b, -r), and the check a batch job makes first. */
final class StatusOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = {"-o", "--output"}, paramLabel = "LIST",
            description = "Columns of the -v table, comma-separated: RES (resident bytes), PAGES (resident pages), "
                + "SIZE, PERCENT (of the size's pages), FILE (default RES,PAGES,SIZE,FILE, as fincore counts them, "
                + "a sparse file's holes included); DATA_RES, DATA_PAGES, DATA_SIZE, DATA_PERCENT: the same of the "
                + "file's data only, holes left out.")
    String output;

    @Option(names = {"-n", "--noheadings"}, description = "No header line over the table.")
    boolean noHeadings;

    @Option(names = {"-b", "--bytes"}, description = "Sizes in the table in bytes, not in binary units (12KiB).")
    boolean bytes;

    @Option(names = {"-r", "--raw"}, description = "Columns not aligned: one space between them, spaces in names as \\x20.")
    boolean raw;

    @Option(names = "--min-percent", paramLabel = "N",
            description = "Exit 1, saying how much was found, when less than N %% of the pages of the files' data "
                + "are in the page cache (0 to 100; a sparse file's holes left out): is it warm enough to start the job?")
    Double minPercent;

    List<StatusColumn> columns() {
        if (output == null) {
            return StatusColumn.DEFAULT;
        }
        try {
            return StatusColumn.parse(output);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--output: " + e.getMessage());
        }
    }

    void validate() {
        columns();
        if (minPercent != null && !(minPercent >= 0 && minPercent <= 100)) {
            throw new ParameterException(spec.commandLine(), "--min-percent must be from 0 to 100");
        }
    }
}
