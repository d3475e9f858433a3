package dirdump.cli;

import dirdump.cache.PageTotals;
import dirdump.cache.ResidencyProbe;
import dirdump.cache.StatusJson;
import dirdump.cache.StatusRun;
import dirdump.cache.StatusTable;
import dirdump.report.Reporter;
import dirdump.report.RunFacts;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code dirdump status PATH...}: how much of each file is in the page cache. */
@Command(name = "status",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
            "Shows how many pages of the files under each PATH are in the page cache: in total, and with -v for "
                + "each file. Reads nothing. The table goes to stdout.",
            "A file whose residency the kernel does not tell (one you neither own nor may write to) is shown as "
                + "unknown and left out of the total, never given a number that may be false.",
            ""},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:every file listed was measured (or is of unknown residency)",
            "1:some files or directories could not be opened",
            "2:usage error, or a PATH does not exist or cannot be used"})
final class StatusCommand extends CacheCommand implements Callable<Integer> {
    @Parameters(paramLabel = "PATH", arity = "0..*", description = "Directories to walk and files to measure.")
    List<String> paths;

    @Override
    public Integer call() {
        Reporter reporter = new Reporter(parent.err, output.verbosity());
        try (Selection selection = select(paths, reporter)) {
            return measure(selection, reporter);
        }
    }

    private int measure(Selection selection, Reporter reporter) {
        ResidencyProbe probe = new ResidencyProbe(probeOptions.method);
        boolean table = !output.json && output.verbosity() != Reporter.Verbosity.QUIET;
        StatusTable human = new StatusTable(parent.out);
        StatusJson json = new StatusJson();
        StatusRun.Rows rows = !reporter.verbose() ? (path, r) -> { } : output.json ? json : human;
        if (table) {
            human.header();
        }

        long start = System.nanoTime();
        PageTotals totals = StatusRun.run(selection.os(), selection.listing(), selection.sequence(), probe,
                selection.tally(), reporter, rows, threads(selection, reporter));
        long measuring = System.nanoTime() - start;

        ExitCode exit = ExitCode.of(selection.listing(), selection.tally());
        RunFacts facts = new RunFacts(selection.tally(), selection.listing().unusablePaths, selection.order().key(),
                probe.methodUsed(), selection.os().description(), selection.listingNanos(), selection.orderingNanos(),
                "measuring", measuring, exit.status);
        if (output.json) {
            json.print(totals, facts, reporter.verbose(), parent.out);
        } else if (table) {
            human.total(totals, facts);
        }
        return exit.status;
    }
}
