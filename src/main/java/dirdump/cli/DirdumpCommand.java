package dirdump.cli;

import dirdump.read.ReadRun;
import dirdump.report.HumanSummary;
import dirdump.report.JsonSummary;
import dirdump.report.Reporter;
import dirdump.report.RunSummary;
import dirdump.report.Tally;
import dirdump.scan.Listing;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code dirdump [OPTIONS] PATH...}: list, order, read, report. */
@Command(name = "dirdump",
        subcommands = {StatusCommand.class, EvictCommand.class},
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
            "Reads every regular file under each PATH to its end, in the order the disk stores them "
                + "(inode order by default), to pull the files into the page cache as fast as the storage allows.",
            "FIFOs, sockets, devices and symbolic links are skipped; a file with several hard links is read once; "
                + "a file whose every page is in the page cache already is skipped unless --force. "
                + "Nothing read is ever written to, and access times are left alone where the kernel allows.",
            ""},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:every file listed was read (or was already cached)",
            "1:the run finished, but some files or directories could not be read",
            "2:usage error, or a PATH does not exist or cannot be used"},
        footerHeading = "%nExamples:%n",
        footer = {
            "  dirdump /data/set             warm /data/set in inode order",
            "  dirdump /data/set --nosort    the same in directory order, to compare",
            "  dirdump -q --json /data/set   for cron: errors on stderr, JSON summary on stdout",
            "  dirdump status -v /data/set   how much of each file is cached",
            "  dirdump evict /data/set       drop it from the page cache again"})
public final class DirdumpCommand implements Callable<Integer> {
    /** Chosen by measurement (README, "Buffer size"): larger buffers gained nothing on a warm cache. */
    static final String DEFAULT_BUFFER = "256k";

    final PrintStream out;
    final PrintStream err;

    @Spec
    CommandSpec spec;

    /** Optional here so that a subcommand can stand in its place; required when none does. */
    @Parameters(paramLabel = "PATH", arity = "0..*", description = "Directories to walk and files to read.")
    List<String> paths;

    @Mixin
    WalkOptions walk;

    @Option(names = "--buffer-size", paramLabel = "SIZE", converter = SizeConverter.class,
            defaultValue = DEFAULT_BUFFER,
            description = "Read buffer, reused for every file (64k, 1M, 1MiB; default ${DEFAULT-VALUE}).")
    int bufferSize;

    @Option(names = "--force", description = "Read every file, also those already entirely in the page cache.")
    boolean force;

    @Mixin
    OutputOptions output;

    public DirdumpCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() {
        if (paths == null || paths.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "Missing required parameter: 'PATH'");
        }
        Reporter reporter = new Reporter(err, output.verbosity());
        Selection selection = Selection.of(paths, walk, reporter);
        Tally tally = selection.tally();
        Listing listing = selection.listing();

        long start = System.nanoTime();
        int jobs = 1;
        ReadRun.Result read = ReadRun.run(selection.os(), listing, selection.sequence(), bufferSize, jobs, !force, reporter);
        tally.add(read.tally());
        long reading = System.nanoTime() - start;

        ExitCode exit = ExitCode.of(listing, tally);
        long total = selection.listingNanos() + selection.orderingNanos() + reading;
        RunSummary summary = new RunSummary(selection.order().key(), "read", selection.os().description(), jobs,
                bufferSize, tally, listing.unusablePaths, selection.listingNanos(), selection.orderingNanos(),
                reading, total, exit.status, List.of(read.residency()));
        if (output.json) {
            JsonSummary.print(summary, out);
        } else if (output.verbosity() != Reporter.Verbosity.QUIET) {
            HumanSummary.print(summary, err);
        }
        return exit.status;
    }
}
