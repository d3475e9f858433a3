package dirdump.cli;

import dirdump.run.Selection;
import dirdump.run.NoMatch;
import dirdump.run.ExitCode;
import dirdump.report.StoppedBySignal;
import dirdump.report.StderrReporter;
import dirdump.cache.BeforeAfter;
import dirdump.cache.EvictRun;
import dirdump.report.EvictSummary;
import dirdump.cache.ResidencyProbe;
import dirdump.report.RunFacts;
import dirdump.report.RunRecord;
import dirdump.scan.StopRequest;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code dirdump evict PATH...}: drop the files' pages from the page cache, to measure a cold read. */
@Command(name = "evict",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
            "Drops the pages of the files under each PATH from the page cache (posix_fadvise DONTNEED; no root "
                + "needed for files you can open), and reports how many were resident before and after.",
            "Dirty pages stay until they are written back, and pages a process maps or locks stay while it does. "
                + "Files are opened read-only: nothing is written.",
            ""},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:every file listed was evicted",
            "1:some files or directories could not be opened or evicted, or the filters left out every file",
            "2:usage error, a PATH does not exist or cannot be used, or stdout cannot be written",
            "129, 130, 143:stopped by SIGHUP, SIGINT, SIGTERM, after the summary of what was evicted",
            "141:the reader of stdout went away (a closed pipe, as | head); nothing is said"})
final class EvictCommand extends CacheCommand implements Callable<Integer> {
    @Parameters(paramLabel = "PATH", arity = "0..*", description = "Directories to walk and files to evict.")
    List<String> paths;

    @Override
    public Integer call() {
        StopRequest stop = new StopRequest();
        try (StopOnSignal signals = new StopOnSignal(stop)) {
            return evict(stop);
        }
    }

    private int evict(StopRequest stop) {
        RunRecord record = new RunRecord("evict", paths);
        StderrReporter reporter = new StderrReporter(parent.err, output.verbosity());
        try (Selection selection = select(paths, reporter, stop)) {
            return evict(selection, reporter, stop, record);
        }
    }

    private int evict(Selection selection, StderrReporter reporter, StopRequest stop, RunRecord record) {
        boolean noMatch = NoMatch.check(selection, reporter);
        ResidencyProbe probe = new ResidencyProbe(probeOptions.method);

        long start = System.nanoTime();
        BeforeAfter residency = EvictRun.run(selection.os(), selection.listing(), selection.sequence(), probe,
                selection.tally(), reporter, threads(selection, reporter), stop);
        long evicting = System.nanoTime() - start;

        ExitCode exit = ExitCode.of(selection.listing(), selection.tally(), stop.signal(), noMatch);
        RunFacts facts = new RunFacts(selection.tally(), selection.listing().unusablePaths, selection.order().key(),
                probe.methodUsed(), selection.os().description(), selection.listingNanos(), selection.orderingNanos(),
                "evicting", evicting, exit.status, StoppedBySignal.of(stop));
        if (output.json) {
            walk.describe(record);
            record.setting("method", probe.methodUsed());
            EvictSummary.printJson(residency, facts, record.json(reporter), parent.out);
        } else if (output.verbosity() != StderrReporter.Verbosity.QUIET) {
            EvictSummary.print(residency, facts, parent.err);
        }
        return exit.status;
    }
}
