package dirdump.testdata;

import dirdump.cli.ExitStatusHelp;
import dirdump.sys.Terminal;
import java.io.PrintStream;
import java.io.PrintWriter;
import picocli.CommandLine;

/** Entry point of bin/testdata-gen: parses the command line and runs the generator. */
public final class TestdataGen {

    private TestdataGen() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err, Terminal.stderrIsTerminal()));
    }

    /** Runs as the command line would, with the given streams; {@code terminal}: draw the progress line. */
    public static int run(String[] args, PrintStream out, PrintStream err, boolean terminal) {
        int status = commandLine(out, err, terminal).execute(args);
        out.flush();
        err.flush();
        return status;
    }

    /** The command line, writing to the given streams; also what its man page is made from. */
    public static CommandLine commandLine(PrintStream out, PrintStream err, boolean terminal) {
        return ExitStatusHelp.describe(new CommandLine(new GenerateCommand(err, terminal)))
                .setCaseInsensitiveEnumValuesAllowed(true)
                .setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true))
                .setParameterExceptionHandler(dirdump.cli.CommandLines::usageError);
    }
}
