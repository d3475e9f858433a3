package dirdump.bench;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * {@code echo 3 > /proc/sys/vm/drop_caches}: the kernel drops every clean page of the page cache and
 * the dentry and inode caches, of the whole machine. Root only.
 */
public final class DropCaches {
    private static final Path FILE = Path.of("/proc/sys/vm/drop_caches");

    private DropCaches() {
    }

    /** Why this process cannot drop the caches, or null if it can: it opens the file for writing. */
    public static String refusal() {
        String reason;
        try (FileChannel c = FileChannel.open(FILE, StandardOpenOption.WRITE)) {
            return null;
        } catch (AccessDeniedException e) {
            reason = "Permission denied";
        } catch (FileSystemException e) {
            reason = e.getReason() != null ? e.getReason() : e.toString();  // a read-only /proc in a container
        } catch (IOException e) {
            reason = e.toString();
        }
        return "--drop-caches needs root: it empties the page cache of the whole machine (" + FILE + ": " + reason
                + "). Without it, bench empties the files' own pages (posix_fadvise), which needs no root.";
    }

    static void drop() throws IOException {
        try (FileChannel c = FileChannel.open(FILE, StandardOpenOption.WRITE)) {
            // At offset 0: the kernel ignores a sysctl written further on (kernel.sysctl_writes_strict).
            c.write(ByteBuffer.wrap("3\n".getBytes(StandardCharsets.US_ASCII)), 0);
        }
    }
}
