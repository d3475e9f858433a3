package dirdump.proc;

import dirdump.sys.Processes;
import dirdump.sys.SysException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * lock --daemon. A JVM cannot fork, so dirdump starts itself again: the same java, JVM options and
 * arguments, with {@link #CHILD} in the environment, its stdin and stderr this process's, its stdout a
 * pipe to this one. The child makes a session of its own (setsid: no terminal, none of its signals)
 * and locks; then it writes a line "{@value #READY} STATUS" and what it has for stdout (the --json
 * record) to the pipe, and puts /dev/null on its standard streams. This process waits for that, and
 * exits with STATUS: when `dirdump lock --daemon` returns 0, the set is locked. A child that ends
 * before (a refusal, a pid file in use) has said why on stderr; this one exits with its status.
 * It is not started (CannotStart) when its own command line cannot be had again ({@link #command}).
 */
public final class Daemon {
    static final String CHILD = "DIRDUMP_LOCK_DAEMON";
    /** The entry point's class (dirdump.Main), named: proc imports nothing above it (DaemonTest checks the name). */
    static final String MAIN = "dirdump.Main";
    private static final String READY = "dirdump-lock-ready";

    private Daemon() {
    }

    /** Whether this process is the daemon a lock --daemon started. */
    public static boolean isChild() {
        return "1".equals(System.getenv(CHILD));
    }

    /** Starts the daemon and waits for its word: the exit status of the lock; its stdout goes to {@code out}. */
    public static int start(Processes processes, PrintStream out) throws CannotStart {
        List<String> command = command("lock --daemon");
        ProcessBuilder pb = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.INHERIT)
                .redirectError(ProcessBuilder.Redirect.INHERIT);
        pb.environment().put(CHILD, "1");
        Process child;
        try {
            child = pb.start();
        } catch (IOException e) {
            throw new CannotStart("lock --daemon: cannot start " + command.get(0) + ": " + e.getMessage(), false);
        }
        byte[] said;
        try (StopOnSignal signals = new StopOnSignal(SignalForwarding.to(child.toHandle(), processes, true));
             InputStream in = child.getInputStream()) {
            said = in.readAllBytes();  // to the end: the daemon closes it once locked, or exits
        } catch (IOException e) {
            said = new byte[0];
        }
        int newline = indexOf(said, (byte) '\n');
        String first = newline < 0 ? "" : new String(said, 0, newline, StandardCharsets.US_ASCII);
        if (first.startsWith(READY + " ")) {
            out.write(said, newline + 1, said.length - newline - 1);
            out.flush();
            return Integer.parseInt(first.substring(READY.length() + 1));
        }
        return ChildCommand.waitFor(child);
    }

    /**
     * The daemon's word: STATUS, and its stdout so far; then its standard streams go to /dev/null, so
     * that no terminal or pipe is held and nothing it writes later blocks or fails.
     */
    public static void ready(int status, byte[] output, PrintStream stdout, Processes processes) throws SysException {
        stdout.print(READY + " " + status + "\n");
        stdout.write(output, 0, output.length);
        stdout.flush();
        System.err.flush();
        processes.detachStandardStreams();
    }

    /**
     * This process's command line again: the java binary and its arguments as the kernel has them (JVM
     * options, -cp JAR, dirdump.Main, the user's arguments). Why it cannot be had begins with
     * {@code who} (run --every-node starts itself on every node).
     */
    public static List<String> command(String who) throws CannotStart {
        ProcessHandle.Info info = ProcessHandle.current().info();
        String main = System.getProperty("sun.java.command", "");
        if (!main.startsWith(MAIN + " ") || info.command().isEmpty() || info.arguments().isEmpty()) {
            throw new CannotStart(who + ": needs dirdump started by its launcher, to start it again", false);
        }
        if (System.getProperty("dirdump.cwd.fd") != null) {
            throw new CannotStart(who + ": cannot start from a working directory that was deleted", false);
        }
        List<String> command = new ArrayList<>(List.of(info.command().get()));
        for (String a : info.arguments().get()) {
            if (a.indexOf('\uFFFD') >= 0) {
                throw new CannotStart(who + ": an argument is not valid in the locale's charset, and cannot be "
                        + "passed on; give the names with --files-from", false);
            }
            // The launcher's notes of the caller's descriptors, closed and open: not those of the process started.
            if (!a.startsWith("-Ddirdump.closed=") && !a.startsWith("-Ddirdump.caller.fds=")) {
                command.add(a);
            }
        }
        return command;
    }

    private static int indexOf(byte[] bytes, byte b) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }

    /** Where the daemon's stdout goes until it is ready: kept, and passed on with its word. */
    public static PrintStream buffer(ByteArrayOutputStream bytes) {
        return new PrintStream(bytes, true, StandardCharsets.UTF_8);
    }
}
