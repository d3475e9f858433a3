package dirdump.proc;

import dirdump.sys.PathNames;
import dirdump.sys.Processes;
import dirdump.sys.SysException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.LongConsumer;

/**
 * run's COMMAND: started (PATH searched, as execvp does) with dirdump's standard streams, the
 * environment and signal mask and dispositions dirdump was started with (cli.Caller), SIGINT,
 * SIGTERM and SIGHUP passed on to it ({@link SignalForwarding}), and waited for: its exit status, or
 * 128 + N if signal N ended it. Without libc (the java.nio fallback), java.lang.ProcessBuilder starts
 * it, with the JVM's signal mask and dispositions and descriptors 0, 1 and 2. {@code words}: COMMAND
 * and its ARGs; {@code environment} ("NAME=VALUE" entries), {@code ignored} and {@code blocked} (bit N - 1 for
 * signal N), {@code descriptors}: what dirdump was started with (of its descriptors, COMMAND gets these only).
 */
public record ChildCommand(List<String> words, List<byte[]> environment, long ignored, long blocked,
        Set<Integer> descriptors) {
    /** Runs COMMAND to its end: its exit status (128 + N if signal N ended it). */
    public int run(Processes processes) throws CannotStart {
        return run(processes, pid -> { });
    }

    /** As {@link #run(Processes)}, telling {@code started} COMMAND's pid as soon as it runs (run --learn follows its tree). */
    public int run(Processes processes, LongConsumer started) throws CannotStart {
        if (processes.fallbackReason() != null) {
            return runWithoutLibc(processes, started);
        }
        List<byte[]> argv = new ArrayList<>();
        words.forEach(word -> argv.add(PathNames.bytes(word)));
        long pid;
        try {
            pid = spawn(argv, processes);
        } catch (SysException e) {
            throw cannotStart(e);
        }
        started.accept(pid);
        ProcessHandle child = ProcessHandle.of(pid).orElseThrow();  // a zombie until waited for
        try (StopOnSignal signals = new StopOnSignal(SignalForwarding.to(child, processes, false))) {
            return processes.waitFor(pid);
        } catch (SysException e) {  // only if another thread took its status (ECHILD): none does
            throw new CannotStart(words.get(0) + ": cannot wait for it: " + e.getMessage(), false);
        }
    }

    /**
     * posix_spawnp, and for a file that is no program (a script without "#!") the shell, as
     * execvp and every shell run one: sh's exec runs it as a script of its own.
     */
    private long spawn(List<byte[]> argv, Processes processes) throws SysException {
        try {
            return processes.spawn(argv, environment, ignored, blocked, descriptors);
        } catch (SysException e) {
            if (!e.isNotExecutable()) {
                throw e;
            }
            List<byte[]> viaShell = new ArrayList<>(List.of(PathNames.bytes("/bin/sh"), PathNames.bytes("-c"),
                    PathNames.bytes("exec \"$0\" \"$@\"")));
            viaShell.addAll(argv);
            return processes.spawn(viaShell, environment, ignored, blocked, descriptors);
        }
    }

    private int runWithoutLibc(Processes processes, LongConsumer started) throws CannotStart {
        ProcessBuilder pb = new ProcessBuilder(words).inheritIO();
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
            throw cannotStart(SysException.ofProcessStart(e));
        }
        started.accept(child.pid());
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

    private CannotStart cannotStart(SysException why) {
        String name = words.get(0);
        boolean missing = why.isGone();
        return new CannotStart(name + ": " + (missing && !name.contains("/") ? "command not found" : why.getMessage()),
                missing);
    }
}
