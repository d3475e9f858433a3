package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dirdump.testing.AsUser;
import dirdump.testing.DirdumpRun;
import dirdump.testing.SystemTests;
import dirdump.testing.Trees;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpecialFilesTest {
    @TempDir
    Path tmp;

    @Test
    void aFifoIsSkippedAndNeverOpened() throws Exception {
        Trees.file(tmp.resolve("regular"), 100, 1);
        assertEquals(0, Trees.sh(tmp, "mkfifo fifo"));
        // Opening a FIFO for reading blocks until a writer comes: a hang here would be the bug.
        DirdumpRun run = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> DirdumpRun.json("--force", tmp));
        assertEquals(0, run.status());
        assertEquals(1, run.count("files_read"));
        assertEquals(1, run.skipped("fifo"));
        // As a PATH too.
        DirdumpRun direct = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> DirdumpRun.json(tmp.resolve("fifo")));
        assertEquals(1, direct.skipped("fifo"));
        assertEquals(0, direct.count("files_read"));
    }

    @Test
    void aSocketIsSkipped() throws Exception {
        try (ServerSocketChannel server = ServerSocketChannel.open(java.net.StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(tmp.resolve("sock")));
            DirdumpRun run = DirdumpRun.json(tmp);
            assertEquals(0, run.status());
            assertEquals(1, run.skipped("socket"));
            assertEquals(0, run.count("files_read"));
        }
    }

    @Test
    void deviceFilesAreSkipped() throws Exception {
        assumeTrue(AsUser.isRoot(), "mknod needs root");
        assumeTrue(Trees.sh(tmp, "mknod null c 1 3 && mknod blk b 7 0") == 0, "mknod refused here");
        DirdumpRun run = DirdumpRun.json(tmp);
        assertEquals(0, run.status());
        assertEquals(2, run.skipped("device"));
    }

    @Test
    void symbolicLinksAreSkippedUnlessFollowed() throws Exception {
        Trees.file(tmp.resolve("target/file"), 1000, 1);
        Trees.file(tmp.resolve("outside/other"), 500, 2);
        Files.createDirectories(tmp.resolve("walked"));
        Files.createSymbolicLink(tmp.resolve("walked/to-file"), tmp.resolve("target/file"));
        Files.createSymbolicLink(tmp.resolve("walked/to-dir"), tmp.resolve("outside"));
        Files.createSymbolicLink(tmp.resolve("walked/dangling"), tmp.resolve("nowhere"));

        DirdumpRun plain = DirdumpRun.json(tmp.resolve("walked"));
        assertEquals(0, plain.status());
        assertEquals(3, plain.skipped("symlink"));
        assertEquals(0, plain.count("files_read"));

        DirdumpRun followed = DirdumpRun.json("--force", "-L", tmp.resolve("walked"));
        assertEquals(0, followed.status());
        assertEquals(2, followed.count("files_read"));
        assertEquals(1500, followed.count("bytes_read"));
        assertEquals(1, followed.skipped("symlink"), "the dangling link");
    }

    @Test
    void aSymlinkLoopWithFollowIsDetectedAndReported() throws Exception {
        Trees.file(tmp.resolve("a/b/file"), 10, 1);
        Files.createSymbolicLink(tmp.resolve("a/b/up"), tmp.resolve("a"));
        Files.createSymbolicLink(tmp.resolve("a/self"), tmp.resolve("a/self"));

        DirdumpRun run = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> DirdumpRun.of("--force", "-L", "--json", tmp));
        assertEquals(0, run.status(), run.err());
        assertEquals(1, run.count("files_read"));
        assertEquals(2, run.skipped("loop"));
        assertTrue(run.err().contains("a/b/up: symbolic link loop"), run.err());
    }

    @Test
    void aFileWithSeveralHardLinksIsReadOnce() throws Exception {
        Path f = Trees.file(tmp.resolve("one/file"), 4096, 1);
        Files.createDirectories(tmp.resolve("two"));
        Files.createLink(tmp.resolve("two/link"), f);
        Files.createLink(tmp.resolve("one/link"), f);

        for (String order : new String[] {"inode", "none", "name"}) {
            DirdumpRun run = DirdumpRun.json("--force", tmp, "--order", order);
            assertEquals(1, run.count("files_read"), order);
            assertEquals(4096, run.count("bytes_read"), order);
            assertEquals(2, run.skipped("duplicate"), order);
        }
        // The same directory given twice is read once as well.
        assertEquals(1, DirdumpRun.json("--force", tmp, tmp).count("files_read"));
    }

    @Test
    void oneFileSystemStaysOnThePathsFileSystem() throws Exception {
        SystemTests.assumeAllowed("mounts a tmpfs");
        assumeTrue(AsUser.isRoot(), "mounting a tmpfs needs root");
        Trees.file(tmp.resolve("here"), 10, 1);
        Files.createDirectories(tmp.resolve("mnt"));
        assumeTrue(Trees.sh(tmp, "mount -t tmpfs dirdump-test mnt") == 0, "mount refused here");
        try {
            Trees.file(tmp.resolve("mnt/there"), 10, 2);
            assertEquals(2, DirdumpRun.json("--force", tmp).count("files_read"));
            DirdumpRun x = DirdumpRun.json("--force", "-x", tmp);
            assertEquals(1, x.count("files_read"));
            assertEquals(1, x.skipped("other_file_system"));
        } finally {
            Trees.sh(tmp, "umount mnt");
        }
    }
}
