package dirdump.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.concurrent.Callable;
import jnr.posix.POSIX;
import jnr.posix.POSIXFactory;

/**
 * Runs a piece of a test with the effective uid of an ordinary user, so that permissions apply even
 * when the tests run as root (as CI does). Skipped, with the reason, where that cannot be done.
 */
public final class AsUser {
    public static final int NOBODY = 65534;
    private static final POSIX POSIX = POSIXFactory.getNativePOSIX();

    private AsUser() {
    }

    public static boolean isRoot() {
        return POSIX.geteuid() == 0;
    }

    public static <T> T nobody(Callable<T> body) throws Exception {
        if (!isRoot()) {
            return body.call();  // already an ordinary user
        }
        assumeTrue(POSIX.setegid(NOBODY) == 0 && POSIX.seteuid(NOBODY) == 0,
                "cannot switch the effective uid to " + NOBODY + " here");
        try {
            return body.call();
        } finally {
            POSIX.seteuid(0);
            POSIX.setegid(0);
        }
    }
}
