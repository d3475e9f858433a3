package dirdump.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A FUSE file system whose files' reads hang or fail on command: {@code src/test/c/faultfs.c}, built
 * with gcc into {@code target/faultfs} (this build's own directory, never one another user can write),
 * mounted read-only on a directory of the test's. Each file is named, sized and given a mode:
 * <ul>
 *   <li>{@link #normal}: its bytes read (a pattern of letters);</li>
 *   <li>{@link #hang}: a read from byte {@code from} on is never answered: the reader waits in the
 *       kernel (a killable wait: no signal but SIGKILL, or its process's end, wakes it) until this
 *       closes;</li>
 *   <li>{@link #eio}: a read of a byte from {@code from} (to {@code to}) fails with EIO, whole; the
 *       reads before it are answered.</li>
 * </ul>
 * {@link #readAheadKb} sets the mount's own read-ahead window (its bdi's read_ahead_kb), which goes
 * with the mount.
 * Usage: {@code try (FaultFs fs = FaultFs.mount(tmp.resolve("mnt"), FaultFs.hang("stuck", 1 << 20, 0))) {
 * ... fs.path("stuck") ... }}. Closing kills the server (by the PID it started, which fails every read
 * still waiting with ENOTCONN) and unmounts lazily ({@code umount -l}), whatever state the test left.
 * Mounted only where the machine may be changed ({@link SystemTests}). Skipped with the reason where
 * that is not asked for, where /dev/fuse, fusermount3 (Debian's fuse3), gcc or libfuse3-dev are
 * missing, or the mount is refused (a container without the capability).
 */
public final class FaultFs implements AutoCloseable {
    private static final Path SOURCE = Path.of("src/test/c/faultfs.c");
    private static final Path BINARY = Path.of("target/faultfs");

    /** One file of the file system: its name, size, mode (normal, hang, eio) and the bytes its fault is in. */
    public record File(String name, long size, String mode, long from, long to) {
        String argument() {
            return name + ":" + size + ":" + mode + ":" + from + ":" + to;
        }
    }

    private final Path mountPoint;
    private final Process server;

    private FaultFs(Path mountPoint, Process server) {
        this.mountPoint = mountPoint;
        this.server = server;
    }

    public static File normal(String name, long size) {
        return new File(name, size, "normal", 0, size);
    }

    /** A file whose reads that reach byte {@code from} are never answered. */
    public static File hang(String name, long size, long from) {
        return new File(name, size, "hang", from, size);
    }

    /** A file whose reads from byte {@code from} on fail with EIO. */
    public static File eio(String name, long size, long from) {
        return eio(name, size, from, size);
    }

    /**
     * A file whose reads of any byte from {@code from} to {@code to} fail with EIO, whole (the kernel's
     * read-ahead asks for up to max_pages at a time: a request that reaches into the range fails).
     */
    public static File eio(String name, long size, long from, long to) {
        return new File(name, size, "eio", from, to);
    }

    /** The file system of {@code files}, mounted on {@code mountPoint} (made if missing). */
    public static FaultFs mount(Path mountPoint, File... files) throws Exception {
        SystemTests.assumeAllowed("mounts a FUSE file system");
        assumeTrue(Files.exists(Path.of("/dev/fuse")), "FUSE needs /dev/fuse");
        Tools.which("fusermount3");
        Tools.which("gcc");
        assumeTrue(Files.exists(Path.of("/usr/include/fuse3/fuse.h")), "the FUSE fixture needs libfuse3-dev");
        build();
        Files.createDirectories(mountPoint);
        List<String> command = new ArrayList<>(List.of(BINARY.toAbsolutePath().toString(), mountPoint.toString()));
        for (File f : files) {
            command.add(f.argument());
        }
        Process server = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(mountPoint.resolveSibling(mountPoint.getFileName() + ".log").toFile()).start();
        FaultFs fs = new FaultFs(mountPoint, server);
        try {
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (!fs.mounted()) {
                assumeTrue(server.isAlive(), "faultfs could not mount: " + fs.log());
                assumeTrue(System.nanoTime() - deadline < 0, "faultfs did not mount in 30 s: " + fs.log());
                Thread.sleep(20);
            }
        } catch (Throwable e) {
            fs.close();
            throw e;
        }
        return fs;
    }

    /** The file {@code name} in the file system. */
    public Path path(String name) {
        return mountPoint.resolve(name);
    }

    public Path dir() {
        return mountPoint;
    }

    /** Sets this mount's read-ahead window ({@code /sys/class/bdi/MAJOR:MINOR/read_ahead_kb}); root only. */
    public void readAheadKb(int kb) throws Exception {
        long dev = ((Number) Files.getAttribute(mountPoint, "unix:dev")).longValue();
        long major = ((dev >>> 8) & 0xfff) | ((dev >>> 32) & 0xfffff000L);  // glibc's major(), minor()
        long minor = (dev & 0xff) | ((dev >>> 12) & 0xffffff00L);
        Path ra = Path.of("/sys/class/bdi/" + major + ":" + minor + "/read_ahead_kb");
        assumeTrue(Files.isWritable(ra), "cannot set the mount's read-ahead (" + ra + ")");
        Files.writeString(ra, kb + "\n");
    }

    @Override
    public void close() throws Exception {
        server.destroyForcibly();
        server.waitFor(30, TimeUnit.SECONDS);
        if (mounted()) {
            Trees.sh(mountPoint.getParent(), "umount -l '" + mountPoint + "' 2>/dev/null || fusermount3 -uz '"
                    + mountPoint + "'");
        }
    }

    private boolean mounted() throws IOException {
        String target = " " + mountPoint.toAbsolutePath() + " fuse";
        return Files.readAllLines(Path.of("/proc/self/mounts")).stream().anyMatch(l -> l.contains(target));
    }

    private String log() {
        try {
            return Files.readString(mountPoint.resolveSibling(mountPoint.getFileName() + ".log"));
        } catch (IOException e) {
            return e.toString();
        }
    }

    /** gcc, once a build (again when the source is newer), into a name of its own, then renamed in place. */
    private static synchronized void build() throws Exception {
        if (Files.exists(BINARY) && Files.getLastModifiedTime(BINARY).compareTo(Files.getLastModifiedTime(SOURCE)) >= 0) {
            return;
        }
        Path made = BINARY.resolveSibling("faultfs." + ProcessHandle.current().pid());
        Process gcc = new ProcessBuilder("sh", "-c", "gcc -Wall -O2 -o '" + made + "' '" + SOURCE
                + "' $(pkg-config fuse3 --cflags --libs 2>/dev/null || echo '-I/usr/include/fuse3 -lfuse3 -lpthread')")
                .redirectErrorStream(true).start();
        String out = new String(gcc.getInputStream().readAllBytes());
        assumeTrue(gcc.waitFor() == 0, "faultfs.c does not build (libfuse3-dev?): " + out);
        Files.move(made, BINARY, java.nio.file.StandardCopyOption.ATOMIC_MOVE, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
}
