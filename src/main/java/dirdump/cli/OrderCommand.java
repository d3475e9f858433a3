package dirdump.cli;

import dirdump.order.LocateAll;
import dirdump.outcome.StopRequest;
import dirdump.report.LineFormat;
import dirdump.report.OrderList;
import dirdump.report.RunRecord;
import dirdump.report.StderrReporter;
import dirdump.run.ExitCode;
import dirdump.run.OrderedFiles;
import dirdump.run.PassFacts;
import dirdump.sys.Host;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** {@code dirdump order PATH...}: the files in the order they would be read, without reading them. */
final class OrderCommand implements Callable<Integer> {
    static final String NAME = "order";

    private static final String[] DESCRIPTION = {
        "Prints the files in the order they would be read, without reading them.",
        "One file a line on stdout, its name escaped as in messages (\\n, \\\\, \\xff).",
        "-0: each name as it is, ended by a NUL byte, for xargs -0 and tar --null -T -",
        ""};

    private static final String[] FOOTER = {
        "  dirdump order /data/set | head                 the first files to be read",
        "  dirdump order -0 /data/set | xargs -0 cat >/dev/null",
        "  dirdump order --format '%%o %%s %%p' /data/set    first physical byte, size, path",
        "  dirdump order --stats /data/set >/dev/null     seek distance",
        "  dirdump order --json --stats /data/set         the same as one JSON record"};

    /** What order does to the files, as a record's method says: nothing is read. */
    private static final String METHOD = "none";

    private final DirdumpCommand parent;

    /** Required unless --files-from names the files. */
    private final Value<List<String>> paths = new Value<>(null);
    private final WalkOptions walk = new WalkOptions();
    private final Value<Boolean> nul = new Value<>(false);
    private final Value<LineFormat> format = new Value<>(null);
    private final Value<Boolean> stats = new Value<>(false);
    private final Value<Boolean> json = new Value<>(false);

    final CommandSpec spec;

    OrderCommand(DirdumpCommand parent) {
        this.parent = parent;
        spec = CommandSpecs.of(this, NAME, DESCRIPTION, FOOTER);
        spec.addPositional(CommandSpecs.words(paths, "PATH", "0..*", "Directories to walk and files to list."));
        walk.addTo(spec);
        spec.addOption(nul.option(boolean.class, "-0", "--null")
                .description("End each file with a NUL byte, and print names as they are; "
                    + "the names of --files-from end with a NUL byte too.").build());
        spec.addOption(format.option(LineFormat.class, "--format").paramLabel("FORMAT").defaultValue("%p")
                .converters(new LineFormatConverter())
                .description("What to print for each file: %%p path, %%i inode, %%s size, %%o first physical byte, "
                    + "%%d device (MAJOR:MINOR), %%%% a percent sign; unknown values print as -. Default: %%p.").build());
        spec.addOption(stats.option(boolean.class, "--stats")
                .description("Then, on stderr: each device's order and why, and the seek distance "
                    + "of this order and of directory order.").build());
        spec.addOption(json.option(boolean.class, "--json")
                .description("In place of the list, one JSON record on stdout: how many files, each device's order "
                    + "and why, the seconds, and with --stats the seek distance (fields: docs/json.md; schema: dirdump "
                    + "--json-schema).").build());
        CommandSpecs.addStandardHelp(spec);
    }

    @Override
    public Integer call() {
        parent.beforeSubcommand(spec, false, null);
        if (json.value() && spec.commandLine().getParseResult().hasMatchedOption("--format")) {
            // -0 still goes: it says how a --files-from list is read
            throw new ParameterException(spec.commandLine(), "--json prints no list: --format does not go with it");
        }
        RunRecord record = new RunRecord(NAME, paths.value(), Host::name);
        StderrReporter reporter = new StderrReporter(parent.err, StderrReporter.Verbosity.NORMAL);
        StopRequest stop = new StopRequest();
        // No handler for signals: the JVM's own ends the list at once with 128 + the signal's number.
        try (OrderedFiles files = OrderedFiles.asRead(walk.selection(paths.value(), parent.in, nul.value()), reporter,
                stop)) {
            return json.value() ? record(files, reporter, stop, record) : order(files, reporter);
        }
    }

    /** --json: the record, with the seek distance when --stats asks for it (it locates every file). */
    private int record(OrderedFiles files, StderrReporter reporter, StopRequest stop, RunRecord record) {
        LocateAll.Result all = stats.value() ? locateAll(files, reporter) : null;
        ExitCode exit = ExitCode.of(files.walk(), files.tally());
        PassFacts facts = PassFacts.of(files, METHOD, exit, stop,
                new PassFacts.Phase("locating", files.locatingNanos() + (all == null ? 0 : all.nanos())));
        walk.describe(record);
        record.setting("method", METHOD).setting("stats", stats.value());
        OrderList.printJson(files, all, facts, record.json(reporter), parent.out);
        return exit.status;
    }

    private int order(OrderedFiles files, StderrReporter reporter) {
        // Every file located once: before the list for %o, after it for the seek figures only.
        LocateAll.Result all = format.value().needsLocations() ? locateAll(files, reporter) : null;
        OrderList.write(files, format.value(), all == null ? files.plan().locations() : all.locations(),
                files.sizes(reporter), nul.value(), parent.out);
        if (stats.value()) {
            OrderList.stats(files, all == null ? locateAll(files, reporter) : all, parent.err);
        }
        return ExitCode.of(files.walk(), files.tally()).status;
    }

    private LocateAll.Result locateAll(OrderedFiles files, StderrReporter reporter) {
        return LocateAll.run(files.os(), files.walk(), files.plan(), files.selection().order(),
                reporter, () -> false);  // a signal ends order at once (the JVM's handler)
    }
}
