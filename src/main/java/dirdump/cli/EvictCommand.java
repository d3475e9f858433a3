package dirdump.cli;

import dirdump.cache.BeforeAfter;
import dirdump.cache.EvictRun;
import dirdump.cache.EvictSummary;
import dirdump.cache.ResidencyProbe;
import dirdump.report.Reporter;
import dirdump.report.RunFacts;
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
            "1:some files or directories could not be opened or evicted",
            "2:usage error, or a PATH does not exist or cannot be used"})
final class EvictCommand extends CacheCommand implements Callable<Integer> {
    @Parameters(paramLabel = "PATH", arity = "0..*", description = "Directories to walk and files to evict.")
    List<String> paths;

    @Override
    public Integer call() {
        Reporter reporter = new Reporter(parent.err, output.verbosity());
        try (Selection selection = select(paths, reporter)) {
            return evict(selection, reporter);
        }
    }

    private int evict(Selection selection, Reporter reporter) {
        ResidencyProbe probe = new ResidencyProbe(probeOptions.method);

        long start = System.nanoTime();
        BeforeAfter residency = EvictRun.run(selection.os(), selection.listing(), selection.sequence(), probe,
                selection.tally(), reporter, threads(selection, reporter));
        long evicting = System.nanoTime() - start;

        ExitCode exit = ExitCode.of(selection.listing(), selection.tally());
        RunFacts facts = new RunFacts(selection.tally(), selection.listing().unusablePaths, selection.order().key(),
                probe.methodUsed(), selection.os().description(), selection.listingNanos(), selection.orderingNanos(),
                "evicting", evicting, exit.status);
        if (output.json) {
            EvictSummary.printJson(residency, facts, parent.out);
        } else if (output.verbosity() != Reporter.Verbosity.QUIET) {
            EvictSummary.print(residency, facts, parent.err);
        }
        return exit.status;
    }
}
