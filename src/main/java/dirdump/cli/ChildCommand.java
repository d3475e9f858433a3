package dirdump.cli;

import dirdump.report.StderrReporter;
import dirdump.run.ExitCode;
import dirdump.sys.Os;
import java.io.IOException;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * run's COMMAND: started (PATH searched, as execvp does) with dirdump's standard streams, SIGINT,
 * SIGTERM and SIGHUP passed on to it ({@link SignalForwarding}), and waited for. Its exit status is
 * the shell's: its own, 128 + N if signal N ended it, 127 if it is not found, 126 if it cannot be run.
 */
final class ChildCommand {
    /** How the JDK says why a program could not be started: "... error=2, No such file or directory". */
    private static final Pattern ERROR = Pattern.compile("error=(\\d+), (.*)");
    private static final int ENOENT = 2;

    private ChildCommand() {
    }

    static int run(List<String> command, Os os, StderrReporter reporter) {
        Process child;
        try {
            child = new ProcessBuilder(command).inheritIO().start();
        } catch (IOException e) {
            return cannotStart(command.get(0), e, reporter);
        }
        try (StopOnSignal signals = new StopOnSignal(SignalForwarding.to(child, os, false))) {
            return waitFor(child);
        }
    }

    /** The child's exit status, whatever interrupts the wait: the JDK gives 128 + N for one signal N killed. */
    static int waitFor(Process child) {
        while (true) {
            try {
                return child.waitFor();
            } catch (InterruptedException e) {
                // keep waiting: its status is the answer
            }
        }
    }

    private static int cannotStart(String name, IOException e, StderrReporter reporter) {
        Matcher m = ERROR.matcher(String.valueOf(e.getMessage()));
        boolean found = m.find();
        boolean missing = found && Integer.parseInt(m.group(1)) == ENOENT;
        String why = missing && !name.contains("/") ? "command not found" : found ? m.group(2) : e.getMessage();
        reporter.problem(name + ": " + why);
        return missing ? ExitCode.NOT_FOUND.status : ExitCode.CANNOT_EXECUTE.status;
    }
}
