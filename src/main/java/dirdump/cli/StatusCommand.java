package dirdump.cli;

import dirdump.cache.SnapshotWriter;
import dirdump.cache.StatusPass;
import dirdump.order.Order;
import dirdump.outcome.FileReason;
import dirdump.report.RunRecord;
import dirdump.report.StatusJson;
import dirdump.report.StatusTable;
import dirdump.report.StderrReporter;
import dirdump.run.CachePass;
import dirdump.run.StatusRun;
import dirdump.sys.Os;
import java.io.IOException;
import picocli.CommandLine.ParameterException;

/** {@code dirdump status PATH...}: how much of each file is in the page cache. */
final class StatusCommand extends CacheCommand {
    static final String NAME = "status";

    private static final String[] DESCRIPTION = {
        "Shows how many pages of the files under each PATH are in the page cache: in total, and with -v a row "
            + "for each file, in the order of the walk (or --order), with fincore's columns RES PAGES SIZE FILE. "
            + "Reads nothing from disk and leaves the page cache as it finds it: the cached pages are checked, "
            + "by mincore or read from memory, to tell that they can be read. "
            + "The table goes to stdout, the totals to stderr.",
        "A file whose residency the kernel does not tell (one you neither own nor may write to) is shown as "
            + "unknown and left out of the total, never given a number that may be false.",
        "A page whose read failed (an I/O error) stays in the page cache, and fincore counts it; here it "
            + "and the file's pages after it count as not cached, and the file is an error: \"pages cached "
            + "but unreadable\".",
        ""};

    private static final String[] FOOTER = {
        "  dirdump status /data/set                   how much of it is cached, in total",
        "  dirdump status -v --order=name /data/set   a row for each file, in name order",
        "  dirdump status -q --min-percent 90 /data/set || dirdump -q /data/set   warm it unless it is",
        "  dirdump status --save s /data/set          also save which pages are cached, for --replay"};

    private final StatusOptions table = new StatusOptions();
    private final Value<String> save = new Value<>(null);

    StatusCommand(DirdumpCommand parent) {
        super(parent, NAME, DESCRIPTION, FOOTER);
        addPaths("Directories to walk and files to measure.");
        table.addTo(spec);
        spec.addOption(save.option(String.class, "--save").paramLabel("FILE")
                .description("Also save which pages of which files are resident now into FILE, a snapshot for "
                    + "dirdump --replay (docs/snapshot-format.md); written nameless (O_TMPFILE) in FILE's directory "
                    + "and renamed over FILE once complete and synced: a link there is replaced, never followed; a FIFO, a "
                    + "device or a directory is refused; -: standard output (without -v and --json). A file a replay would "
                    + "not read (a name longer than 16 MiB with its PATH, or no room left in the 1 GiB of a snapshot) "
                    + "is left out and counted, in one line (exit 1).").build());
        CommandSpecs.addStandardHelp(spec);
    }

    /** The snapshot being written, with --save. */
    private SnapshotWriter writer;

    @Override
    Opened beforeWalk() {
        table.validate();
        if ("-".equals(save.value()) && (output.json.value() || output.verbosity() == StderrReporter.Verbosity.VERBOSE)) {
            throw new ParameterException(spec.commandLine(), "--save - and " + (output.json.value() ? "--json" : "-v")
                    + " would both write to standard output: save into a FILE");
        }
        if (walk.order.value() == null && !walk.nosort.value()) {
            walk.order.set(Order.NONE);  // rows in the order of the walk; no order is faster to measure in
        }
        writer = save.value() == null ? null : snapshot();
        return writer == null ? super.beforeWalk() : writer::close;
    }

    /** Opened before the walk, so that a FILE that cannot be written is told at once. */
    private SnapshotWriter snapshot() {
        if (save.value().equals("-")) {
            return SnapshotWriter.toStream(parent.out);
        }
        try {
            return SnapshotWriter.toFile(Os.load(warning -> { }), RawArguments.bytes(save.value()));
        } catch (IOException e) {
            throw new ParameterException(spec.commandLine(), "--save " + save.value() + ": " + FileReason.of(e));
        }
    }

    @Override
    int run(CachePass pass, StderrReporter reporter, RunRecord record) {
        StatusTable human = new StatusTable(parent.out, table.columns(), table.bytes.value(), table.raw.value());
        StatusJson json = new StatusJson();
        StatusPass.Rows rows = !reporter.verbose() ? (row, r, data, size) -> { } : output.json.value() ? json : human;
        if (forPeople() && reporter.verbose() && !table.noHeadings.value()) {
            human.header();
        }
        StatusRun.Result done = StatusRun.run(pass, rows, writer == null ? null : new StatusRun.Save(save.value(), writer),
                table.minPercent.value());
        if (output.json.value()) {
            settings(pass, record).setting("min_percent", table.minPercent.value()).setting("save", save.value());
            json.print(done, reporter.verbose(), record.json(reporter), parent.out);
        } else if (forPeople()) {
            parent.out.flush();  // the rows before the footer, where both go to one terminal
            StatusTable.footer(done, parent.err);
        }
        return done.exit().status;
    }
}
