package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dirdump.testing.AsUser;
import dirdump.testing.DirdumpRun;
import dirdump.testing.SystemTests;
import dirdump.testing.Trees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What containers are made of: overlayfs with layers on two file systems, bind-mounted files (as
 * runtimes mount /etc/resolv.conf and secrets), bind mounts of directories. Their files have another
 * device than their directory; all of them are read. Needs root, to mount.
 */
class ContainerMountsTest {
    @TempDir
    Path tmp;

    private final Deque<Path> mounted = new ArrayDeque<>();

    private void mount(String options, String source, Path target) throws Exception {
        SystemTests.assumeAllowed("mounts tmpfs, overlay and bind mounts");
        assumeTrue(AsUser.isRoot(), "mounting needs root");
        int rc = Trees.sh(tmp, "mount " + options + " '" + source + "' '" + target + "'");
        assumeTrue(rc == 0, "cannot mount here: mount " + options);
        mounted.push(target);
    }

    @AfterEach
    void unmount() throws Exception {
        while (!mounted.isEmpty()) {
            Trees.sh(tmp, "umount '" + mounted.pop() + "'");
        }
    }

    @Test
    void everyFileOfAnOverlayWithATmpfsLowerAndADiskUpperIsRead() throws Exception {
        Path lower = Files.createDirectories(tmp.resolve("lower"));
        mount("-t tmpfs -o size=8m", "dirdump-lower", lower);
        Trees.file(lower.resolve("d/low"), 100, 1);
        Trees.file(lower.resolve("low2"), 200, 2);
        Path upper = Files.createDirectories(tmp.resolve("upper"));
        Path work = Files.createDirectories(tmp.resolve("work"));
        Path merged = Files.createDirectories(tmp.resolve("merged"));
        mount("-t overlay -o lowerdir=" + lower + ",upperdir=" + upper + ",workdir=" + work, "overlay", merged);
        Trees.file(merged.resolve("up"), 300, 3);
        Trees.file(merged.resolve("d/up2"), 400, 4);
        assumeTrue(!Trees.shOutput(merged, "stat -c %d low2").equals(Trees.shOutput(merged, "stat -c %d up")),
                "the overlay's layers share a device here");

        DirdumpRun run = DirdumpRun.json("--force", merged);

        assertEquals(0, run.status(), run.err());
        assertEquals(4, run.count("files_read"));
        assertEquals(1000, run.count("bytes_read"));
        assertEquals(0, run.count("errors"));
    }

    @Test
    void aBindMountedFileIsRead() throws Exception {
        Path secret = Trees.file(tmp.resolve("outside/resolv.conf"), 123, 1);
        Path tree = Files.createDirectories(tmp.resolve("tree"));
        Trees.file(tree.resolve("plain"), 10, 2);
        Files.createFile(tree.resolve("resolv.conf"));
        mount("--bind", secret.toString(), tree.resolve("resolv.conf"));

        DirdumpRun run = DirdumpRun.json("--force", tree);

        assertEquals(0, run.status(), run.err());
        assertEquals(2, run.count("files_read"));
        assertEquals(133, run.count("bytes_read"));
    }

    @Test
    void oneFileSystemStopsAtEveryMountAndWithoutItBothAreRead() throws Exception {
        Path tree = Files.createDirectories(tmp.resolve("tree"));
        Trees.file(tree.resolve("plain"), 10, 1);
        Path other = Files.createDirectories(tree.resolve("other"));
        mount("-t tmpfs -o size=8m", "dirdump-other", other);
        Trees.file(other.resolve("f"), 20, 2);
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        Trees.file(elsewhere.resolve("g"), 40, 3);
        Path same = Files.createDirectories(tree.resolve("same"));
        mount("--bind", elsewhere.toString(), same);

        DirdumpRun all = DirdumpRun.json("--force", tree);
        assertEquals(0, all.status(), all.err());
        assertEquals(70, all.count("bytes_read"));

        DirdumpRun x = DirdumpRun.json("--force", "-x", tree);
        assertEquals(0, x.status(), x.err());
        assertEquals(10, x.count("bytes_read"), "a tmpfs and a bind mount of the same file system are other mounts");
        assertEquals(2, x.skipped("other_file_system"));
    }
}
