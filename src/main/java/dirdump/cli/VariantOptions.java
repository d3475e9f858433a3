package dirdump.cli;

import dirdump.run.BenchRun;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine;

/**
 * A bench {@code --variant}: its OPTIONS parsed by the read command's own definitions, with the PATHs,
 * and checked as a read would check them; a mistake is bench's usage error.
 */
final class VariantOptions {
    /** Options that change only what a read prints: bench prints the results itself. */
    private static final List<String> OUTPUT_OPTIONS = List.of("--json", "--quiet", "--verbose", "--help", "--version");

    private VariantOptions() {
    }

    /** The variant for OPTIONS (split at spaces: no read option takes a value with one) over {@code paths}. */
    static BenchRun.ReadVariant of(String options, List<String> paths, boolean needsPhysical, DirdumpCommand parent,
                                    CommandSpec bench) {
        DirdumpCommand read = command(options, paths, parent, bench);
        return refusedAsBench(options, bench, () -> new BenchRun.ReadVariant(String.join(" ", words("dirdump " + options)),
                read.readSettings(read.selection()), needsPhysical));
    }

    /** The read command for OPTIONS and the PATHs, parsed and checked. */
    static DirdumpCommand command(String options, List<String> paths, DirdumpCommand parent, CommandSpec bench) {
        CommandLine cli = CommandLines.commandLine(parent.in, parent.out, parent.err);
        List<String> args = new ArrayList<>(words(options));
        args.add("--");  // the PATHs are PATHs, whatever their names
        args.addAll(paths);
        DirdumpCommand read = cli.getCommand();
        return refusedAsBench(options, bench, () -> {
            ParseResult parsed = cli.parseArgs(args.toArray(String[]::new));
            if (parsed.hasSubcommand()) {
                throw new ParameterException(cli,
                        "'" + parsed.subcommand().commandSpec().name() + "' is a command, not a read option");
            }
            if (read.paths.value().size() != paths.size()) {
                throw new ParameterException(cli, "takes read options only (bench gives the PATHs)");
            }
            for (String option : OUTPUT_OPTIONS) {
                if (parsed.hasMatchedOption(option)) {
                    throw new ParameterException(cli,
                            option + " changes only what a read prints (bench prints the results)");
                }
            }
            read.validate(read.paths.value(), read.walk);
            return read;
        });
    }

    /** What {@code made} refuses, as bench's usage error naming the variant. */
    private static <T> T refusedAsBench(String options, CommandSpec bench, Supplier<T> made) {
        try {
            return made.get();
        } catch (ParameterException e) {
            throw new ParameterException(bench.commandLine(), "--variant '" + options + "': " + e.getMessage());
        }
    }

    private static List<String> words(String s) {
        return s.isBlank() ? List.of() : Arrays.asList(s.trim().split("\\s+"));
    }
}
