package dirdump.cli;

import dirdump.sys.SysException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * lock --pidfile FILE: this process's pid, one decimal line, in a file made with O_EXCL, so that two
 * locks never both believe they wrote it. A file there already that names a live process is refused;
 * one that names a process no longer running (stale: left by a lock killed with SIGKILL, say) is
 * replaced; one that holds no pid is not a pid file, and is left alone. Removed at the end if it
 * still holds this pid.
 */
final class PidFile implements AutoCloseable {
    /** Why the pid file cannot be written, as the end of "--pidfile FILE: ...". */
    static final class Refused extends Exception {
        Refused(String reason) {
            super(reason, null, false, false);
        }
    }

    private final Path path;
    private final String pid;

    private PidFile(Path path, String pid) {
        this.path = path;
        this.pid = pid;
    }

    static PidFile create(String file) throws Refused {
        Path path = Path.of(file);
        String pid = Long.toString(ProcessHandle.current().pid());
        for (int attempt = 0; ; attempt++) {
            try {
                Files.writeString(path, pid + "\n", StandardCharsets.US_ASCII, StandardOpenOption.WRITE,
                        StandardOpenOption.CREATE_NEW);
                return new PidFile(path, pid);
            } catch (FileAlreadyExistsException e) {
                long other = holder(path);
                if (other < 0) {
                    throw new Refused("exists and holds no pid; not a pid file of dirdump's, left alone");
                }
                if (ProcessHandle.of(other).map(ProcessHandle::isAlive).orElse(false)) {
                    throw new Refused("process " + other + " is running (a lock already?); remove the file if it is "
                            + "not one");
                }
                if (attempt > 0) {
                    throw new Refused("another process wrote it meanwhile");
                }
                delete(path);  // stale
            } catch (IOException e) {
                throw new Refused(SysException.of(e).getMessage());
            }
        }
    }

    /** The pid the file holds, or -1 if it holds none (or cannot be read). */
    private static long holder(Path path) {
        try {
            return Long.parseLong(Files.readString(path, StandardCharsets.US_ASCII).trim());
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static void delete(Path path) throws Refused {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new Refused("stale, but cannot be removed: " + SysException.of(e).getMessage());
        }
    }

    /** Removes the file if it is still this process's: another lock may have replaced it since. */
    @Override
    public void close() {
        if (Long.toString(holder(path)).equals(pid)) {
            try {
                Files.deleteIfExists(path);
            } catch (IOException e) {
                // Left behind: stale, and replaced by the next lock.
            }
        }
    }
}
