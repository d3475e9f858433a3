package dirdump.cli;

import dirdump.cache.PageTotals;
import dirdump.cache.ResidencyProbe;
import dirdump.cache.StatusJson;
import dirdump.cache.StatusRun;
import dirdump.cache.StatusTable;
import dirdump.order.Order;
import dirdump.report.Reporter;
import dirdump.report.RunFacts;
import dirdump.report.RunRecord;
import dirdump.scan.StopRequest;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code dirdump status PATH...}: how much of each file is in the page cache. */
@Command(name = "status",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
            "Shows how many pages of the files under each PATH are in the page cache: in total, and with -v a row "
                + "for each file, in the order of the walk (or --order), with fincore's columns RES PAGES SIZE FILE. "
                + "Reads nothing. The table goes to stdout, the totals to stderr.",
            "A file whose residency the kernel does not tell (one you neither own nor may write to) is shown as "
                + "unknown and left out of the total, never given a number that may be false.",
            ""},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:every file listed was measured (or is of unknown residency)",
            "1:some files or directories could not be opened, the filters left out every file, or less than "
                + "--min-percent was resident",
            "2:usage error, a PATH does not exist or cannot be used, or stdout cannot be written",
            "129, 130, 143:stopped by SIGHUP, SIGINT, SIGTERM, after the totals of what was measured",
            "141:the reader of stdout went away (a closed pipe, as | head); nothing is said"})
final class StatusCommand extends CacheCommand implements Callable<Integer> {
    @Parameters(paramLabel = "PATH", arity = "0..*", description = "Directories to walk and files to measure.")
    List<String> paths;

    @Mixin
    StatusOptions table;

    @Override
    public Integer call() {
        StopRequest stop = new StopRequest();
        try (StopOnSignal signals = new StopOnSignal(stop)) {
            return status(stop);
        }
    }

    private int status(StopRequest stop) {
        table.validate();
        if (walk.order == null && !walk.nosort) {
            walk.order = Order.NONE;  // rows in the order of the walk; no order is faster to measure in
        }
        RunRecord record = new RunRecord("status", paths);
        Reporter reporter = new Reporter(parent.err, output.verbosity());
        try (Selection selection = select(paths, reporter, stop)) {
            return measure(selection, reporter, stop, record);
        }
    }

    private int measure(Selection selection, Reporter reporter, StopRequest stop, RunRecord record) {
        boolean noMatch = NoMatch.check(walk, selection, reporter);
        ResidencyProbe probe = new ResidencyProbe(probeOptions.method);
        boolean forPeople = !output.json && output.verbosity() != Reporter.Verbosity.QUIET;
        StatusTable human = new StatusTable(parent.out, table.columns(), table.bytes, table.raw);
        StatusJson json = new StatusJson();
        StatusRun.Rows rows = !reporter.verbose() ? (path, r, size) -> { } : output.json ? json : human;
        if (forPeople && reporter.verbose() && !table.noHeadings) {
            human.header();
        }

        long start = System.nanoTime();
        PageTotals totals = StatusRun.run(selection.os(), selection.listing(), selection.sequence(), probe,
                selection.tally(), reporter, rows, threads(selection, reporter), stop);
        long measuring = System.nanoTime() - start;

        ExitCode exit = ExitCode.of(selection.listing(), selection.tally(), stop.signal(), noMatch);
        String shortfall = table.shortfall(totals);
        if (shortfall != null && exit == ExitCode.OK) {
            reporter.problem(shortfall);
            exit = ExitCode.NOT_RESIDENT;
        }
        RunFacts facts = new RunFacts(selection.tally(), selection.listing().unusablePaths, selection.order().key(),
                probe.methodUsed(), selection.os().description(), selection.listingNanos(), selection.orderingNanos(),
                "measuring", measuring, exit.status, stop.noted());
        if (output.json) {
            walk.describe(record);
            record.setting("method", probe.methodUsed()).setting("min_percent", table.minPercent);
            json.print(totals, facts, reporter.verbose(), record.json(reporter), parent.out);
        } else if (forPeople) {
            parent.out.flush();  // the rows before the footer, where both go to one terminal
            StatusTable.footer(totals, facts, parent.err);
        }
        return exit.status;
    }
}
