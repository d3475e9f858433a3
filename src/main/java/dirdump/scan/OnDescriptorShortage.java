package dirdump.scan;

import dirdump.sys.SysException;

/**
 * An open that fails because this process has too many descriptors open (EMFILE, or ENFILE for the
 * whole system) is the tool's limit, not the file's fault: the directory handles not in use are
 * closed, and the open is tried again as the other readers close their files, for up to 10 seconds,
 * before it counts as an error.
 */
final class OnDescriptorShortage {
    /** An open to try again. */
    @FunctionalInterface
    interface Open<T> {
        T open() throws SysException;
    }

    private static final long GIVE_UP_NANOS = 10_000_000_000L;
    private static final long LONGEST_WAIT_MILLIS = 50;

    private OnDescriptorShortage() {
    }

    static <T> T retry(DirectoryHandles handles, Open<T> open) throws SysException {
        long start = System.nanoTime();
        for (long wait = 1; ; wait = Math.min(wait * 2, LONGEST_WAIT_MILLIS)) {
            try {
                return open.open();
            } catch (SysException e) {
                if (!shortage(e) || System.nanoTime() - start > GIVE_UP_NANOS) {
                    throw e;
                }
                handles.closeUnused();
                sleep(wait);
            }
        }
    }

    static boolean shortage(SysException e) {
        return e.isDescriptorShortage();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();  // the caller's stop check sees it
        }
    }
}
