package dirdump.testing;

import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * The test run of a JVM (surefire's, failsafe's), from its start to its end: registered in
 * META-INF/services, so every way of running the tests has it.
 * <ul>
 *   <li>At the end, the account of {@link Attacker} is removed, if the run made one.</li>
 *   <li>JUnit's warning for each symbolic link in a {@code @TempDir} that points out of it (JUnit
 *       5.12 on) is not logged: the tests plant such links on purpose (to /etc, /dev/zero, the
 *       programs of a PATH), and JUnit deletes the link, never its target, which is all they need.
 *       Its other warnings and errors still are.</li>
 * </ul>
 */
public final class SystemTestsSession implements LauncherSessionListener {
    /** Held: a logger nothing refers to may be collected, and its level with it. */
    private static final Logger TEMP_DIR = Logger.getLogger("org.junit.jupiter.engine.extension.TempDirectory$CloseablePath");

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        TEMP_DIR.setLevel(Level.SEVERE);
    }

    @Override
    public void launcherSessionClosed(LauncherSession session) {
        try {
            Attacker.removeAccount();
        } catch (Exception e) {
            System.err.println("dirdump tests: the account " + Attacker.NAME + " is left: " + e.getMessage());
        }
    }
}
