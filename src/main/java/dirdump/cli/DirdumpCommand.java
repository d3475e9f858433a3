package dirdump.cli;

import dirdump.order.Order;
import dirdump.order.Orderer;
import dirdump.read.ReadRun;
import dirdump.report.HumanSummary;
import dirdump.report.JsonSummary;
import dirdump.report.Reporter;
import dirdump.report.RunSummary;
import dirdump.report.Tally;
import dirdump.scan.Listing;
import dirdump.scan.Walker;
import dirdump.sys.Os;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code dirdump [OPTIONS] PATH...}: list, order, read, report. */
@Command(name = "dirdump",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
            "Reads every regular file under each PATH to its end, in the order the disk stores them "
                + "(inode order by default), to pull the files into the page cache as fast as the storage allows.",
            "FIFOs, sockets, devices and symbolic links are skipped; a file with several hard links is read once. "
                + "Nothing read is ever written to, and access times are left alone where the kernel allows.",
            ""},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:every file listed was read",
            "1:the run finished, but some files or directories could not be read",
            "2:usage error, or a PATH does not exist or cannot be used"},
        footerHeading = "%nExamples:%n",
        footer = {
            "  dirdump /data/set             warm /data/set in inode order",
            "  dirdump /data/set --nosort    the same in directory order, to compare",
            "  dirdump -q --json /data/set   for cron: errors on stderr, JSON summary on stdout"})
public final class DirdumpCommand implements Callable<Integer> {
    /** Chosen by measurement (README, "Buffer size"): larger buffers gained nothing on a warm cache. */
    static final String DEFAULT_BUFFER = "256k";

    private final PrintStream out;
    private final PrintStream err;

    @Parameters(paramLabel = "PATH", arity = "1..*", description = "Directories to walk and files to read.")
    List<String> paths;

    @Mixin
    WalkOptions walk;

    @Option(names = "--buffer-size", paramLabel = "SIZE", converter = SizeConverter.class,
            defaultValue = DEFAULT_BUFFER,
            description = "Read buffer, reused for every file (64k, 1M, 1MiB; default ${DEFAULT-VALUE}).")
    int bufferSize;

    @Mixin
    OutputOptions output;

    public DirdumpCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() {
        Order order = walk.order();
        Reporter reporter = new Reporter(err, output.verbosity());
        Os os = Os.load(reporter::warning);
        Tally tally = new Tally();

        long start = System.nanoTime();
        Listing listing = new Walker(os, walk.settings(), reporter, tally).walk(paths);
        long listed = System.nanoTime();
        int[] sequence = Orderer.order(listing, order, tally, reporter);
        long ordered = System.nanoTime();
        int jobs = 1;
        tally.add(ReadRun.run(os, listing, sequence, bufferSize, jobs, reporter));
        long done = System.nanoTime();

        ExitCode exit = listing.unusablePaths > 0 ? ExitCode.USAGE
                : tally.errors() + tally.changed() > 0 ? ExitCode.SOME_FAILED : ExitCode.OK;
        RunSummary summary = new RunSummary(order.key(), "read", os.description(), jobs, bufferSize, tally,
                listing.unusablePaths, listed - start, ordered - listed, done - ordered, done - start, exit.status);
        if (output.json) {
            JsonSummary.print(summary, out);
        } else if (output.verbosity() != Reporter.Verbosity.QUIET) {
            HumanSummary.print(summary, err);
        }
        return exit.status;
    }
}
