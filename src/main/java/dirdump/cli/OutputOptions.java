package dirdump.cli;

import dirdump.report.StderrReporter;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;

/** How much to say, and whether the summary is for people or for scripts. */
public final class OutputOptions {
    @Option(names = "--json", description = "Print the summary as one JSON record on stdout (fields: docs/json.md; schema: dirdump/schema/dirdump-record.schema.json).")
    boolean json;

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Level level = new Level();

    static final class Level {
        @Option(names = {"-q", "--quiet"}, description = "Print only errors (for cron).")
        boolean quiet;

        @Option(names = {"-v", "--verbose"},
                description = "List each file: on stderr as it is read, skipped or filtered; for status, a row of the table on stdout.")
        boolean verbose;
    }

    StderrReporter.Verbosity verbosity() {
        return level.quiet ? StderrReporter.Verbosity.QUIET
                : level.verbose ? StderrReporter.Verbosity.VERBOSE : StderrReporter.Verbosity.NORMAL;
    }
}
