package dirdump.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.opentest4j.TestAbortedException;

/** A test run leaves the machine as it found it: nothing changed unless asked for, and what it made removed. */
class SystemTestsTest {
    @TempDir
    Path tmp;

    /** Without -Ddirdump.test.system=true, each fixture that changes the machine skips, naming the property. */
    @Test
    void withoutThePropertyNothingIsChangedAndTheSkipSaysHowToAskForIt() throws Exception {
        String was = System.setProperty(SystemTests.PROPERTY, "false");
        try {
            List<Executable> fixtures = List.of(Attacker::account, () -> ShortLoopDisk.create(tmp),
                    () -> FaultFs.mount(tmp.resolve("mnt"), FaultFs.normal("f", 1)), () -> MemoryCgroup.limitedTo(1 << 30),
                    () -> Slurm.start(tmp, "linuxproc", ""));
            for (Executable fixture : fixtures) {
                TestAbortedException skipped = assertThrows(TestAbortedException.class, fixture);
                assertTrue(skipped.getMessage().endsWith(": runs only with -Ddirdump.test.system=true"), skipped.getMessage());
            }
            assertNotEquals(0, Trees.sh(tmp, "getent passwd " + Attacker.NAME), "no account made");
            assertEquals("", Trees.shOutput(tmp, "grep -F '" + tmp + "' /proc/self/mounts || true"), "nothing mounted");
            assertFalse(Files.exists(tmp.resolve("disk.img")), "no loop device's image made");
        } finally {
            restore(was);
        }
    }

    /** The attacker's account is there for the run that asks for it, and gone when the run ends. */
    @Test
    void theAccountARunMadeIsGoneAtTheEndOfTheRun() throws Exception {
        SystemTests.assumeAllowed("adds an account");
        Attacker.account().close();  // skips where no account can be made (not root)
        SummaryGeneratingListener summary = new SummaryGeneratingListener();
        try (LauncherSession run = LauncherFactory.openSession()) {
            run.getLauncher().execute(LauncherDiscoveryRequestBuilder.request().selectors(selectClass(UsesTheAccount.class))
                    .build(), summary);
            assertEquals(0, Trees.sh(tmp, "getent passwd " + Attacker.NAME + " >/dev/null"), "there during the run");
        }
        assertEquals(1, summary.getSummary().getTestsSucceededCount(), "the run used the account");
        assertNotEquals(0, Trees.sh(tmp, "getent passwd " + Attacker.NAME + " >/dev/null"), "the account is removed");
        assertNotEquals(0, Trees.sh(tmp, "getent group " + Attacker.NAME + " >/dev/null"), "and its group");
    }

    /** A test run of its own: one test that uses the attacker (not run by itself: surefire leaves nested classes out). */
    static class UsesTheAccount {
        @Test
        void usesIt() throws Exception {
            try (Attacker attacker = Attacker.account()) {
                assertEquals(0, attacker.sh(Path.of("/"), "test \"$(id -un)\" = " + Attacker.NAME));
            }
        }
    }

    private static void restore(String was) {
        if (was == null) {
            System.clearProperty(SystemTests.PROPERTY);
        } else {
            System.setProperty(SystemTests.PROPERTY, was);
        }
    }
}
