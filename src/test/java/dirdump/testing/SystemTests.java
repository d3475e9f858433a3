package dirdump.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The tests that change the machine they run on, beyond their own temporary directories: an account
 * added, a mount, a loop device or a FUSE file system, a memory cgroup, a file in /etc or /home,
 * a daemon started, the whole page cache dropped. They run only when asked for, with
 * {@code mvn verify -Ddirdump.test.system=true} (as {@code .ci/run} does; CONTRIBUTING.md), and
 * each undoes what it did. Without it they are skipped, saying what they would change. The fixtures
 * that make such changes (Attacker, ShortLoopDisk, Tmpfs's mount, FaultFs, RotatingDisk, MemoryCgroup, Slurm) ask
 * here first, so every test that uses them is covered.
 */
public final class SystemTests {
    /** The Maven property, passed to surefire and failsafe as a system property of the same name. */
    public static final String PROPERTY = "dirdump.test.system";

    private SystemTests() {
    }

    public static boolean allowed() {
        return Boolean.parseBoolean(System.getProperty(PROPERTY));
    }

    /** Skips the test unless the machine may be changed; {@code change} says how ("adds an account"). */
    public static void assumeAllowed(String change) {
        assumeTrue(allowed(), () -> "changes the machine (" + change + "): runs only with -D" + PROPERTY + "=true");
    }
}
