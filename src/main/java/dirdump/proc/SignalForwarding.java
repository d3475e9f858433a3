package dirdump.proc;

import dirdump.sys.Processes;
import dirdump.sys.SysException;
import dirdump.sys.Terminal;
import java.util.function.IntConsumer;

/**
 * Passes SIGINT, SIGTERM and SIGHUP on to a child process (with {@link StopOnSignal}), while dirdump
 * waits for it. In the foreground of a terminal, the terminal sends SIGINT (Ctrl-C) and SIGHUP to the
 * whole process group, the child with it: passing them on too would give it each twice (a second
 * Ctrl-C is "quit now" to many programs), so there they are not, unless the child has a session of
 * its own (lock --daemon's). SIGTERM (kill, a batch scheduler, systemd) is always passed on.
 */
final class SignalForwarding {
    private static final int SIGTERM = 15;

    private SignalForwarding() {
    }

    /** {@code ownSession}: the child is in a session of its own, where the terminal's signals do not reach. */
    static IntConsumer to(ProcessHandle child, Processes processes, boolean ownSession) {
        return signal -> {
            if (signal != SIGTERM && !ownSession && Terminal.inForeground()) {
                return;  // it has this one already
            }
            try {
                processes.signal(child.pid(), signal);
            } catch (SysException e) {
                if (signal == SIGTERM) {
                    child.destroy();  // without libc: SIGTERM is the one signal the JDK sends
                }
            }
        };
    }
}
