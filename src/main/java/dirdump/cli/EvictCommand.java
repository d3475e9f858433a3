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
        "Dirty pages (a file just written) are written back to the disk first and waited for, so that they "
            + "can be dropped too (not with --no-writeback); pages a process maps or locks stay while it does. A "
            + "file with pages still resident after is told in one line and makes the exit status 1. Files are "
            + "opened read-only: no byte of them is changed.",
        ""};

    private static final String[] FOOTER = {
        "  dirdump evict /data/set && dirdump /data/set   time a cold read again, without root",
        "  dirdump evict -v --include '*.log' /var/app    a line for each file: pages before and after"};

    private final Value<Boolean> noWriteBack = new Value<>(false);

    EvictCommand(DirdumpCommand parent) {
        super(parent, NAME, DESCRIPTION, FOOTER);
        addPaths("Directories to walk and files to evict.");
        spec.addOption(noWriteBack.option(boolean.class, "--no-writeback")
                .description("Do not write dirty pages back first: they stay in the page cache (each such file told, "
                    + "exit 1), and evicting waits for no disk.").build());
        CommandSpecs.addStandardHelp(spec);
    }

    @Override
    int run(CachePass pass, StderrReporter reporter, RunRecord record) {
        EvictRun.Result done = EvictRun.run(pass, !noWriteBack.value());
        if (output.json.value()) {
            EvictSummary.printJson(done.residency(), done.facts(),
                    settings(pass, record).setting("writeback", !noWriteBack.value()).json(reporter), parent.out);
        } else if (forPeople()) {
            EvictSummary.print(done.residency(), done.facts(), parent.err);
        }
        return done.exit().status;
    }
}
