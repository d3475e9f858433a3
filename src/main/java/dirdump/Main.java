package dirdump;

import dirdump.cli.DidYouMean;
import dirdump.cli.DirdumpCommand;
import dirdump.cli.EnumValues;
import dirdump.cli.ExitStatusHelp;
import dirdump.cli.RawArguments;
import dirdump.run.ExitCode;
import dirdump.sys.Os;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import picocli.CommandLine;

/** Entry point: parses the command line and runs the command; nothing native is loaded before that. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        Thread.setDefaultUncaughtExceptionHandler(Main::died);
        ClosedAtStart closed = ClosedAtStart.fromLauncher();
        // stderr in UTF-8 whatever the locale, as stdout: names are shown as their UTF-8 (PathText),
        // which LANG=C's ASCII would turn into '?'.
        System.setErr(new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8));
        System.exit(run(RawArguments.of(args), closed.stdin(), CheckedStdout.open(closed.stdout()), System.err));
    }

    /** Runs dirdump as the command line would, with the given streams; returns the exit status. */
    public static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        if (!asksForHelpOrVersion(args)) {
            Os.bindInBackground();  // while picocli parses: every command but help and version needs it
        }
        try {
            int status = commandLine(in, out, err, DirdumpCommand.mayNameSubcommand(args)).execute(args);
            out.flush();
            return status;
        } catch (OutputLost e) {
            return outputLost(e, err);  // what was left to flush
        } catch (OutOfMemoryError e) {
            err.println("dirdump: out of memory: " + e.getMessage() + " (a smaller --buffer-size, fewer --jobs, or a "
                    + "larger -Xmx in DIRDUMP_JAVA_OPTS)");
            return ExitCode.USAGE.status;
        } finally {
            err.flush();
        }
    }

    /**
     * A thread other than main ended by what it did not catch: one line, never a stack trace, and exit
     * status 2 at once (the run's counts can no longer be trusted).
     */
    private static void died(Thread thread, Throwable e) {
        System.err.println("dirdump: " + (e instanceof OutOfMemoryError ? "out of memory" : "internal error in "
                + thread.getName()) + ": " + e);
        System.err.flush();
        Runtime.getRuntime().halt(ExitCode.USAGE.status);
    }

    /**
     * Standard output could not be written: one line and exit status 2, as coreutils give them; nothing
     * and 141 when its reader went away, as for a program that SIGPIPE ended (the JVM ignores SIGPIPE).
     */
    private static int outputLost(OutputLost e, PrintStream err) {
        if (e.readerGone()) {
            return ExitCode.READER_GONE.status;
        }
        err.println("dirdump: write error: " + e.getMessage());
        return ExitCode.WRITE_ERROR.status;
    }

    /** --help, --version and the help command load no native code. */
    private static boolean asksForHelpOrVersion(String[] args) {
        for (String a : args) {
            if (a.equals("-h") || a.equals("--help") || a.equals("-V") || a.equals("--version")) {
                return true;
            }
        }
        return args.length > 0 && args[0].equals("help");
    }

    /** The command line with all its subcommands, writing to the given streams. */
    public static CommandLine commandLine(InputStream in, PrintStream out, PrintStream err) {
        return commandLine(in, out, err, true);
    }

    private static CommandLine commandLine(InputStream in, PrintStream out, PrintStream err, boolean subcommands) {
        CommandLine cli = new CommandLine(new DirdumpCommand(in, out, err));
        if (subcommands) {
            DirdumpCommand.SUBCOMMANDS.forEach(cli::addSubcommand);
        }
        return ExitStatusHelp.describe(cli)
                .setCaseInsensitiveEnumValuesAllowed(true)
                .setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true))
                .setParameterExceptionHandler(Main::usageError)
                .setExecutionStrategy(parsed -> execute(parsed, err));
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
            // A bug, not the user's doing: still one line, never a stack trace, and exit status 2.
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            err.println("dirdump: internal error: " + cause + " (please report it)");
            return ExitCode.USAGE.status;
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
        String problem = EnumValues.asTyped(e.getMessage().replaceFirst("\\.$", ""));  // picocli ends some with a full stop
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
}
