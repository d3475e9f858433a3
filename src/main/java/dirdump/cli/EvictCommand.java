package dirdump.cli;

import dirdump.report.EvictSummary;
import dirdump.report.RunRecord;
import dirdump.report.StderrReporter;
import dirdump.run.CachePass;
import dirdump.run.Evicting;
import java.util.List;
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
final class EvictCommand extends CacheCommand {
    @Parameters(paramLabel = "PATH", arity = "0..*", description = "Directories to walk and files to evict.")
    List<String> paths;

    @Override
    List<String> paths() {
        return paths;
    }

    @Override
    int run(CachePass pass, StderrReporter reporter, RunRecord record) {
        Evicting.Result done = Evicting.run(pass);
        if (output.json) {
            EvictSummary.printJson(done.residency(), done.facts(), settings(pass, record).json(reporter), parent.out);
        } else if (forPeople()) {
            EvictSummary.print(done.residency(), done.facts(), parent.err);
        }
        return done.exit().status;
    }
}
