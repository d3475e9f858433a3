package dirdump.testing;

import java.nio.file.Path;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * The test run of a JVM (surefire's, failsafe's), from its start to its end: registered in
 * META-INF/services, so every way of running the tests has it.
 * <ul>
 *   <li>At the end, the account of {@link Attacker} is removed, if the run made one, and the cache
 *       directory the pom gives the launchers the tests run ({@code target/test-cache}, their class-data
 *       archives, named after the tests' temporary directories, gone by then).</li>
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
        String cache = System.getenv("XDG_CACHE_HOME");
        if (cache != null && Path.of(cache).endsWith(Path.of("target", "test-cache"))) {
            try {
                Trees.sh(Path.of("/"), "rm -rf '" + cache + "'");
            } catch (Exception e) {
                System.err.println("dirdump tests: " + cache + " is left: " + e.getMessage());
            }
        }
    }
}
