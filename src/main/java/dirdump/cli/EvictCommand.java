package dirdump.cli;

import dirdump.report.EvictSummary;
import dirdump.report.RunRecord;
import dirdump.report.StderrReporter;
import dirdump.run.CachePass;
import dirdump.run.EvictRun;

/** {@code dirdump evict PATH...}: drop the files' pages from the page cache, to measure a cold read. */
final class EvictCommand extends CacheCommand {
    static final String NAME = "evict";

    private static final String[] DESCRIPTION = {
        "Drops the pages of the files under each PATH from the page cache (posix_fadvise DONTNEED; no root "
            + "needed for files you can open), and reports how many were resident before and after.",
        "Dirty pages stay until they are written back, and pages a process maps or locks stay while it does. "
            + "Files are opened read-only: nothing is written.",
        ""};

    private static final String[] FOOTER = {
        "  dirdump evict /data/set && dirdump /data/set   time a cold read again, without root",
        "  dirdump evict -v --include '*.log' /var/app    a line for each file: pages before and after"};

    EvictCommand(DirdumpCommand parent) {
        super(parent, NAME, DESCRIPTION, FOOTER);
        addPaths("Directories to walk and files to evict.");
        CommandSpecs.addStandardHelp(spec);
    }

    @Override
    int run(CachePass pass, StderrReporter reporter, RunRecord record) {
        EvictRun.Result done = EvictRun.run(pass);
        if (output.json.value()) {
            EvictSummary.printJson(done.residency(), done.facts(), settings(pass, record).json(reporter), parent.out);
        } else if (forPeople()) {
            EvictSummary.print(done.residency(), done.facts(), parent.err);
        }
        return done.exit().status;
    }
}
