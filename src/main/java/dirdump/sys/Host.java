package dirdump.sys;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The machine as its kernel tells it (/proc/sys): its name and release, and its page cache as a whole.
 * The same files whichever implementation of {@link Os} runs.
 */
public final class Host {
    private static final Path KERNEL = Path.of("/proc/sys/kernel");
    private static final Path DROP_CACHES = Path.of("/proc/sys/vm/drop_caches");

    private Host() {
    }

    /** The kernel's host name (uname's nodename), without a DNS lookup, as InetAddress.getLocalHost may make; or null. */
    public static String name() {
        return kernel("hostname");
    }

    /** The kernel's release (uname -r), or null. */
    public static String kernelRelease() {
        return kernel("osrelease");
    }

    private static String kernel(String file) {
        try {
            return KernelFile.text(KERNEL.resolve(file)).strip();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * Why this process cannot drop the caches ("/proc/sys/vm/drop_caches: Permission denied"), or null
     * if it can: it opens the file for writing.
     */
    public static String dropCachesRefusal() {
        String reason;
        try (FileChannel c = FileChannel.open(DROP_CACHES, StandardOpenOption.WRITE)) {
            return null;
        } catch (AccessDeniedException e) {
            reason = "Permission denied";
        } catch (FileSystemException e) {
            reason = e.getReason() != null ? e.getReason() : e.toString();  // a read-only /proc in a container
        } catch (IOException e) {
            reason = e.toString();
        }
        return DROP_CACHES + ": " + reason;
    }

    /**
     * {@code echo 3 > /proc/sys/vm/drop_caches}: the kernel drops every clean page of the page cache and
     * the dentry and inode caches, of the whole machine. Root only.
     */
    public static void dropCaches() throws IOException {
        try (FileChannel c = FileChannel.open(DROP_CACHES, StandardOpenOption.WRITE)) {
            // At offset 0: the kernel ignores a sysctl written further on (kernel.sysctl_writes_strict).
            c.write(ByteBuffer.wrap("3\n".getBytes(StandardCharsets.US_ASCII)), 0);
        }
    }
}
