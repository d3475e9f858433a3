package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dirdump.testing.DirdumpRun;
import dirdump.testing.Trees;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * proc, sysfs and the like make their files up on each read: /proc/self/pagemap reads for hundreds of
 * GiB, /proc/kmsg consumes the kernel log. They have no page cache to warm and are skipped, known by
 * their file system, however they are reached.
 */
class PseudoFileSystemTest {
    private static final Duration SOON = Duration.ofSeconds(30);

    @TempDir
    Path tmp;

    private static DirdumpRun run(Object... args) {
        return assertTimeoutPreemptively(SOON, () -> DirdumpRun.json(args));
    }

    @Test
    void aPathOnProcOrSysIsSkippedWithOneWarning() {
        assumeTrue(Files.isDirectory(Path.of("/proc/self")), "no /proc here");
        for (String path : new String[] {"/proc/self/pagemap", "/proc", "/sys/kernel"}) {
            if (!Files.exists(Path.of(path))) {
                continue;
            }
            DirdumpRun r = run(path);
            assertEquals(0, r.status(), r.err());
            assertEquals(0, r.count("files_read"), path);
            assertEquals(1, r.skipped("pseudo_file_system"), path);
            assertEquals("dirdump: " + path + ": on a pseudo file system, which has no page cache to warm; skipped\n",
                    r.err());
        }
    }

    @Test
    void linksToProcAreNotFollowedIntoIt() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self")), "no /proc here");
        Path tree = Files.createDirectories(tmp.resolve("tree"));
        Trees.file(tree.resolve("plain"), 100, 1);
        Files.createSymbolicLink(tree.resolve("pagemap"), Path.of("/proc/self/pagemap"));
        Files.createSymbolicLink(tree.resolve("self"), Path.of("/proc/self"));

        DirdumpRun r = run("--force", "-L", tree);

        assertEquals(0, r.status(), r.err());
        assertEquals(1, r.count("files_read"));
        assertEquals(100, r.count("bytes_read"));
        assertEquals(2, r.skipped("pseudo_file_system"));
    }

    @Test
    void aListedKernelLogIsNeverOpened() throws Exception {
        Path kmsg = Path.of("/proc/kmsg");
        assumeTrue(Files.exists(kmsg), "no /proc/kmsg here");
        Path plain = Trees.file(tmp.resolve("plain"), 10, 1);
        byte[] list = (kmsg + "\n" + plain + "\n").getBytes(StandardCharsets.UTF_8);
        DirdumpRun r = assertTimeoutPreemptively(SOON,
                () -> DirdumpRun.withInput(list, "--force", "--json", "--files-from", "-"));
        assertEquals(0, r.status(), r.err());
        assertEquals(10, r.count("bytes_read"));
        assertEquals(1, r.skipped("pseudo_file_system"));
        assertTrue(r.err().isEmpty(), "a listed name is counted, not warned about: " + r.err());
    }
}
