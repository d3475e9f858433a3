package dirdump.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A fresh directory on tmpfs: in /dev/shm where that is tmpfs, else a tmpfs mounted for the test
 * (root only, where the machine may be changed: {@link SystemTests}). Skipped, with the reason, where neither can be had. Closing removes it.
 */
public final class Tmpfs implements AutoCloseable {
    private final Path dir;
    private final Path mountPoint;

    private Tmpfs(Path dir, Path mountPoint) {
        this.dir = dir;
        this.mountPoint = mountPoint;
    }

    public static Tmpfs create(Path scratch) throws Exception {
        Path shm = Path.of("/dev/shm");
        if (Files.isDirectory(shm) && isTmpfs(shm) && Files.isWritable(shm)) {
            return new Tmpfs(Files.createTempDirectory(shm, "dirdump-test-"), null);
        }
        SystemTests.assumeAllowed("/dev/shm is not a writable tmpfs: mounts one");
        assumeTrue(AsUser.isRoot(), "/dev/shm is not a writable tmpfs, and mounting one needs root");
        Path mnt = Files.createDirectories(scratch.resolve("tmpfs"));
        assumeTrue(Trees.sh(scratch, "mount -t tmpfs -o size=16m dirdump-test '" + mnt + "'") == 0,
                "cannot mount a tmpfs here");
        return new Tmpfs(mnt, mnt);
    }

    public Path dir() {
        return dir;
    }

    private static boolean isTmpfs(Path p) throws Exception {
        return Trees.shOutput(p, "stat -f -c %T .").trim().equals("tmpfs");
    }

    @Override
    public void close() throws Exception {
        if (mountPoint != null) {
            Trees.sh(mountPoint.getParent(), "umount '" + mountPoint + "'");
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
