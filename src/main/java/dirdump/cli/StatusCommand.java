package dirdump.cli;

import dirdump.cache.PageTotals;
import dirdump.cache.ResidencyProbe;
import dirdump.cache.StatusJson;
import dirdump.cache.StatusRun;
import dirdump.cache.StatusTable;
import dirdump.report.Reporter;
import dirdump.report.RunFacts;
import dirdump.scan.StopRequest;
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
            "2:usage error, a PATH does not exist or cannot be used, or stdout cannot be written",
            "129, 130, 143:stopped by SIGHUP, SIGINT, SIGTERM, after the totals of what was measured",
            "141:the reader of stdout went away (a closed pipe, as | head); nothing is said"})
final class StatusCommand extends CacheCommand implements Callable<Integer> {
    @Parameters(paramLabel = "PATH", arity = "0..*", description = "Directories to walk and files to measure.")
    List<String> paths;

    @Override
    public Integer call() {
        StopRequest stop = new StopRequest();
        try (StopOnSignal signals = new StopOnSignal(stop)) {
            return status(stop);
        }
    }

    private int status(StopRequest stop) {
        Reporter reporter = new Reporter(parent.err, output.verbosity());
        try (Selection selection = select(paths, reporter, stop)) {
            return measure(selection, reporter, stop);
        }
    }

    private int measure(Selection selection, Reporter reporter, StopRequest stop) {
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
                selection.tally(), reporter, rows, threads(selection, reporter), stop);
        long measuring = System.nanoTime() - start;

        ExitCode exit = ExitCode.of(selection.listing(), selection.tally(), stop.signal());
        RunFacts facts = new RunFacts(selection.tally(), selection.listing().unusablePaths, selection.order().key(),
                probe.methodUsed(), selection.os().description(), selection.listingNanos(), selection.orderingNanos(),
                "measuring", measuring, exit.status, stop.noted());
        if (output.json) {
            json.print(totals, facts, reporter.verbose(), parent.out);
        } else if (table) {
            human.total(totals, facts);
        }
        return exit.status;
    }
}
