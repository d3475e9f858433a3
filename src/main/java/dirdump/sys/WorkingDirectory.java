package dirdump.sys;

/**
 * A working directory that was deleted. The JVM cannot start in one (getcwd fails: "Could not
 * determine current working directory"), so bin/launch.sh starts java in / with the deleted directory
 * open on a descriptor, named in the property dirdump.cwd.fd. A relative name must still mean what it
 * meant, not a name under /: natively the process moves back into the directory (fchdir) before any
 * name is resolved; java.nio, which cannot, resolves relative names through /proc/self/fd/N, the same
 * directory. In a deleted directory only "." names anything (an empty directory).
 */
final class WorkingDirectory {
    private static final int FD = Integer.getInteger("dirdump.cwd.fd", -1);
    /** The process is in the directory again (and FD closed): relative names resolve as they are. */
    private static volatile boolean restored;

    private WorkingDirectory() {
    }

    /**
     * Back into the deleted directory, once, while libc is bound (before any LibcOs is handed out);
     * the descriptor is closed then, so that no child process inherits it.
     */
    static void restore(LibcCalls calls) {
        if (FD >= 0 && !restored && calls.processes().fchdir(FD) == 0) {
            restored = true;
            calls.libc().close(FD);
        }
    }

    /** Where java.nio resolves the relative name {@code path}: itself, or through the descriptor. */
    static String resolve(String path) {
        return FD < 0 || restored || path.startsWith("/") ? path : "/proc/self/fd/" + FD + "/" + path;
    }
}
