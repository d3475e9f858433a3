package dirdump.testdata;

import java.io.PrintStream;
import java.io.PrintWriter;
import jnr.posix.POSIXFactory;
import picocli.CommandLine;

/** Entry point of bin/testdata-gen: parses the command line and runs the generator. */
public final class TestdataGen {
    private static final int STDERR = 2;

    private TestdataGen() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err, stderrIsTerminal()));
    }

    /** Runs as the command line would, with the given streams; {@code terminal}: draw the progress line. */
    public static int run(String[] args, PrintStream out, PrintStream err, boolean terminal) {
        CommandLine cli = new CommandLine(new GenerateCommand(err, terminal))
                .setCaseInsensitiveEnumValuesAllowed(true)
                .setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true));
        int status = cli.execute(args);
        out.flush();
        err.flush();
        return status;
    }

    /**
     * isatty(2) on descriptor 2: System.console() asks about stdin and stdout instead, and jnr-posix's
     * isatty(FileDescriptor) warns about module access. No terminal if libc cannot be bound.
     */
    private static boolean stderrIsTerminal() {
        try {
            return POSIXFactory.getNativePOSIX().isatty(STDERR) == 1;
        } catch (LinkageError | RuntimeException e) {
            return false;
        }
    }
}
