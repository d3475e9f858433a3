package dirdump;

import dirdump.cli.CommandLines;
import dirdump.cli.OutputLost;
import dirdump.cli.RawArguments;
import dirdump.run.ExitCode;
import dirdump.sys.Os;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Entry point: the process (its streams, its exit status) around the command line (cli.CommandLines);
 * nothing native is loaded before it parses.
 */
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
            int status = CommandLines.run(args, in, out, err);
            out.flush();
            return status;
        } catch (OutputLost e) {
            return CommandLines.outputLost(e, err);  // what was left to flush
        } catch (OutOfMemoryError e) {
            err.println("dirdump: out of memory: " + e.getMessage() + " (a smaller --buffer-size, fewer --jobs, or a "
                    + "larger -Xmx in DIRDUMP_JAVA_OPTS)");
            return ExitCode.INTERNAL.status;
        } finally {
            err.flush();
        }
    }

    /**
     * A thread other than main ended by what it did not catch: one line, never a stack trace, and exit
     * status 70 at once (the run's counts can no longer be trusted).
     */
    private static void died(Thread thread, Throwable e) {
        System.err.println("dirdump: " + (e instanceof OutOfMemoryError ? "out of memory" : "internal error in "
                + thread.getName()) + ": " + e);
        System.err.flush();
        Runtime.getRuntime().halt(ExitCode.INTERNAL.status);
    }

    /** --help, --version, --json-schema and the help command load no native code. */
    private static boolean asksForHelpOrVersion(String[] args) {
        for (String a : args) {
            if (a.equals("-h") || a.equals("--help") || a.equals("-V") || a.equals("--version")
                    || a.equals("--json-schema")) {
                return true;
            }
        }
        return args.length > 0 && args[0].equals("help");
    }
}
