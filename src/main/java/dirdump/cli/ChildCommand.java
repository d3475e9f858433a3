package dirdump.cli;

import dirdump.report.StderrReporter;
import dirdump.run.ExitCode;
import dirdump.sys.Processes;
import dirdump.sys.PathNames;
import dirdump.sys.SysException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * run's COMMAND: started (PATH searched, as execvp does) with dirdump's standard streams, the
 * environment and signal mask and dispositions dirdump was started with ({@link Caller}), SIGINT,
 * SIGTERM and SIGHUP passed on to it ({@link SignalForwarding}), and waited for. Its exit status is
 * the shell's: its own, 128 + N if signal N ended it, 127 if it is not found, 126 if it cannot be run.
 * Without libc (the java.nio fallback), java.lang.ProcessBuilder starts it, with the JVM's signal mask
 * and dispositions.
 */
final class ChildCommand {
    /** How the JDK says why a program could not be started: "... error=2, No such file or directory". */
    private static final Pattern ERROR = Pattern.compile("error=(\\d+), (.*)");
    private static final int ENOENT = 2;
    private static final int ENOEXEC = 8;

    private ChildCommand() {
    }

    static int run(List<String> command, Processes processes, StderrReporter reporter) {
        List<byte[]> environment = Caller.environment();
        if (processes.fallbackReason() != null) {
            return runWithoutLibc(command, environment, processes, reporter);
        }
        List<byte[]> argv = new ArrayList<>();
        command.forEach(word -> argv.add(PathNames.bytes(word)));
        long pid;
        try {
            pid = spawn(argv, environment, processes);
        } catch (SysException e) {
            return cannotStart(command.get(0), e.errno(), e.getMessage(), reporter);
        }
        ProcessHandle child = ProcessHandle.of(pid).orElseThrow();  // a zombie until waited for
        try (StopOnSignal signals = new StopOnSignal(SignalForwarding.to(child, processes, false))) {
            return processes.waitFor(pid);
        } catch (SysException e) {  // only if another thread took its status (ECHILD): none does
            reporter.problem(command.get(0) + ": cannot wait for it: " + e.getMessage());
            return ExitCode.CANNOT_EXECUTE.status;
        }
    }

    /**
     * posix_spawnp, and for a file that is no program (ENOEXEC: a script without "#!") the shell, as
     * execvp and every shell run one: sh's exec runs it as a script of its own.
     */
    private static long spawn(List<byte[]> argv, List<byte[]> environment, Processes processes)
            throws SysException {
        try {
            return processes.spawn(argv, environment, Caller.ignored(), Caller.blocked());
        } catch (SysException e) {
            if (e.errno() != ENOEXEC) {
                throw e;
            }
            List<byte[]> viaShell = new ArrayList<>(List.of(PathNames.bytes("/bin/sh"), PathNames.bytes("-c"),
                    PathNames.bytes("exec \"$0\" \"$@\"")));
            viaShell.addAll(argv);
            return processes.spawn(viaShell, environment, Caller.ignored(), Caller.blocked());
        }
    }

    private static int runWithoutLibc(List<String> command, List<byte[]> environment, Processes processes,
                                      StderrReporter reporter) {
        ProcessBuilder pb = new ProcessBuilder(command).inheritIO();
        pb.environment().clear();
        for (byte[] entry : environment) {
            String variable = new String(entry, PathNames.CHARSET);
            int equals = variable.indexOf('=');
            if (equals > 0) {
                pb.environment().put(variable.substring(0, equals), variable.substring(equals + 1));
            }
        }
        Process child;
        try {
            child = pb.start();
        } catch (IOException e) {
            Matcher m = ERROR.matcher(String.valueOf(e.getMessage()));
            return m.find() ? cannotStart(command.get(0), Integer.parseInt(m.group(1)), m.group(2), reporter)
                    : cannotStart(command.get(0), 0, e.getMessage(), reporter);
        }
        try (StopOnSignal signals = new StopOnSignal(SignalForwarding.to(child.toHandle(), processes, false))) {
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

    private static int cannotStart(String name, int errno, String why, StderrReporter reporter) {
        boolean missing = errno == ENOENT;
        reporter.problem(name + ": " + (missing && !name.contains("/") ? "command not found" : why));
        return missing ? ExitCode.NOT_FOUND.status : ExitCode.CANNOT_EXECUTE.status;
    }
}
