package dirdump.cli;

import dirdump.outcome.PathText;
import dirdump.report.Wrapped;
import dirdump.run.ExitCode;
import dirdump.sys.Terminal;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;

/** dirdump's picocli command line: its setup, how a command is run, and how usage errors are told. */
public final class CommandLines {
    private CommandLines() {
    }

    /** Parses and runs the arguments, writing to the given streams; returns the exit status. */
    public static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        return commandLine(in, out, err, DirdumpCommand.mayNameSubcommand(args)).execute(args);
    }

    /** The command line with all its subcommands, writing to the given streams. */
    public static CommandLine commandLine(InputStream in, PrintStream out, PrintStream err) {
        return commandLine(in, out, err, true);
    }

    private static CommandLine commandLine(InputStream in, PrintStream out, PrintStream err, boolean subcommands) {
        // Summaries are broken at the terminal's width, and into a pipe or a file not at all.
        Wrapped.stderrWidth(() -> Terminal.stderrIsTerminal() ? Terminal.columns() : Wrapped.WHOLE);
        DirdumpCommand read = new DirdumpCommand(in, out, err);
        CommandLine cli = new CommandLine(read.spec);
        if (subcommands) {
            for (Object subcommand : read.subcommands()) {
                cli.addSubcommand(subcommand);
            }
        }
        examplesIndented(cli);
        return ExitStatusHelp.describe(cli)
                .setCaseInsensitiveEnumValuesAllowed(true)
                .setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true))
                .setParameterExceptionHandler(CommandLines::usageError)
                .setExecutionStrategy(parsed -> execute(parsed, err));
    }

    /**
     * Each example of --help within the width picocli found (the terminal's, or 80): one too long goes
     * on below, indented past its own start, as a summary does, not at column 0 as picocli would put it.
     */
    private static void examplesIndented(CommandLine cli) {
        cli.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_FOOTER, help -> {
            StringBuilder text = new StringBuilder();
            for (String line : help.commandSpec().usageMessage().footer()) {
                Wrapped.lines(String.format(Locale.ROOT, line), help.commandSpec().usageMessage().width())
                        .forEach(l -> text.append(l).append(System.lineSeparator()));
            }
            return text.toString();
        });
        cli.getSubcommands().values().forEach(CommandLines::examplesIndented);
    }

    /**
     * Runs the command, or prints the help or version it asks for, as picocli does; lost output is told
     * here (picocli would print any exception with its stack trace, and exit 1).
     */
    private static int execute(CommandLine.ParseResult parsed, PrintStream err) {
        try {
            return new CommandLine.RunLast().execute(parsed);
        } catch (OutputLost e) {
            return outputLost(e, err);  // while picocli printed --help or --version
        } catch (CommandLine.ExecutionException e) {
            if (e.getCause() instanceof OutputLost) {
                return outputLost((OutputLost) e.getCause(), err);
            }
            // A bug, not the user's doing: still one line, never a stack trace, and its own exit status.
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            err.println(PathText.line("dirdump: internal error: " + cause + " (please report it)"));
            return ExitCode.INTERNAL.status;
        }
    }

    /**
     * A usage error, as coreutils report one (for testdata-gen too): what is wrong, with the option or
     * command meant where a known one is close, and where to read more, on stderr, and exit status 2;
     * not the whole --help, which would bury the message.
     */
    public static int usageError(CommandLine.ParameterException e, String[] args) {
        CommandLine cli = e.getCommandLine();
        PrintWriter err = cli.getErr();
        String meant = meant(e);
        // picocli ends some with a full stop; it echoes values as given: escaped as every message is
        String problem = PathText.line(EnumValues.asTyped(e.getMessage().replaceFirst("\\.$", "")));
        err.println(cli.getCommandSpec().root().name() + ": " + problem + (meant != null ? "; did you mean " + meant + "?" : ""));
        err.println("Try '" + cli.getCommandSpec().qualifiedName() + " --help' for more information.");
        err.flush();
        return cli.getCommandSpec().exitCodeOnInvalidInput();
    }

    /** The known option or command closest to the word not understood, or null. */
    private static String meant(CommandLine.ParameterException e) {
        CommandLine.Model.CommandSpec spec = e.getCommandLine().getCommandSpec();
        if (e instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
            String word = u.getUnmatched().get(0);
            List<String> begun = DidYouMean.beginning(word.split("=", 2)[0], spec.optionsMap().keySet());
            if (!begun.isEmpty()) {
                return DidYouMean.either(begun);  // an abbreviation: those it may stand for
            }
            return word.startsWith("-") ? DidYouMean.closest(word.split("=", 2)[0], spec.optionsMap().keySet())
                    : DidYouMean.closest(word, spec.subcommands().keySet());
        }
        if (EnumValues.meant(e.getMessage()) != null) {  // --order inod
            return EnumValues.meant(e.getMessage());
        }
        if (e.getMessage().startsWith("Unknown subcommand") && e.getValue() != null) {  // dirdump help statu
            return DidYouMean.closest(e.getValue(), spec.subcommands().keySet());
        }
        return null;
    }

    /**
     * Standard output could not be written: one line and exit status 2, as coreutils give them; nothing
     * and 141 when its reader went away, as for a program that SIGPIPE ended (the JVM ignores SIGPIPE).
     */
    public static int outputLost(OutputLost e, PrintStream err) {
        if (e.readerGone()) {
            return ExitCode.READER_GONE.status;
        }
        err.println("dirdump: write error: " + e.getMessage());
        return ExitCode.WRITE_ERROR.status;
    }
}
