package dirdump.cli;

import dirdump.Main;
import dirdump.bench.Outcome;
import dirdump.bench.Settings;
import dirdump.bench.Variant;
import dirdump.report.StderrReporter;
import dirdump.run.ReadResult;
import dirdump.run.Warmup;
import dirdump.scan.StopRequest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine;

/**
 * A dirdump read with a set of read options (a bench {@code --variant}), run in bench's own process:
 * no JVM start in its time, and its files and bytes as it counted them. Its time is the read's own
 * {@code seconds.total}: listing, ordering, locating and reading.
 */
final class ReadVariant implements Variant {
    /** Options that change only what a read prints: bench prints the results itself. */
    private static final List<String> OUTPUT_OPTIONS = List.of("--json", "--quiet", "--verbose", "--help", "--version");

    private final String label;
    private final Warmup warmup;
    private final int prefetch;
    private final StderrReporter reporter;
    private final StopRequest stop;
    private Settings settings;

    /** {@code stop}: bench's, which ends the read as a signal ends a read of its own. */
    ReadVariant(String options, DirdumpCommand read, StderrReporter reporter, StopRequest stop) {
        this.label = String.join(" ", words("dirdump " + options));
        // Every file read, as --force: a cached file is not skipped.
        this.warmup = new Warmup(read.selectSettings(), read.readSettings().forced());
        this.prefetch = read.prefetch;
        this.reporter = reporter;
        this.stop = stop;
    }

    /**
     * The read command for OPTIONS (split at spaces: no read option takes a value with one) and the
     * PATHs, parsed by the read command's own definitions and checked as a read would check them; a
     * mistake is bench's usage error.
     */
    static DirdumpCommand command(String options, List<String> paths, DirdumpCommand parent, CommandSpec bench) {
        CommandLine cli = Main.commandLine(parent.in, parent.out, parent.err);
        List<String> args = new ArrayList<>(words(options));
        args.add("--");  // the PATHs are PATHs, whatever their names
        args.addAll(paths);
        DirdumpCommand read = cli.getCommand();
        try {
            ParseResult parsed = cli.parseArgs(args.toArray(String[]::new));
            if (parsed.hasSubcommand()) {
                throw new ParameterException(cli,
                        "'" + parsed.subcommand().commandSpec().name() + "' is a command, not a read option");
            }
            if (read.paths.size() != paths.size()) {
                throw new ParameterException(cli, "takes read options only (bench gives the PATHs)");
            }
            for (String option : OUTPUT_OPTIONS) {
                if (parsed.hasMatchedOption(option)) {
                    throw new ParameterException(cli,
                            option + " changes only what a read prints (bench prints the results)");
                }
            }
            read.validate(read.paths, read.walk);
        } catch (ParameterException e) {
            throw new ParameterException(bench.commandLine(), "--variant '" + options + "': " + e.getMessage());
        }
        return read;
    }

    @Override
    public String label() {
        return label;
    }

    @Override
    public String kind() {
        return "dirdump";
    }

    @Override
    public Outcome run() {
        ReadResult s = warmup.run(reporter, stop, null);
        settings = new Settings(resolvedOrder(s), s.readers(), s.method(), s.bufferSize(), prefetch);
        long files = s.tally().filesRead();
        return new Outcome(s.totalNanos(), files, s.tally().bytesRead(),
                files == 0 ? "read no file: nothing to time"  // before its exit status: filters that match nothing make it 1
                        : s.exitStatus() != 0 ? "exit status " + s.exitStatus() + " (see the errors above)" : null);
    }

    @Override
    public Settings settings() {
        return settings;
    }

    /** The order each device got ("inode"; "physical/inode" over two devices that differ): what --order=auto chose. */
    private static String resolvedOrder(ReadResult s) {
        Set<String> orders = new LinkedHashSet<>();
        s.devices().forEach(d -> orders.add(d.order().key()));
        return orders.isEmpty() ? s.order() : String.join("/", orders);
    }

    private static List<String> words(String s) {
        return s.isBlank() ? List.of() : Arrays.asList(s.trim().split("\\s+"));
    }
}
