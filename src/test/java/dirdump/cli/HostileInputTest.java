package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.testing.DirdumpRun;
import dirdump.testing.Trees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Values and lists that would exhaust memory if taken at their word. */
class HostileInputTest {
    private static final Duration SOON = Duration.ofSeconds(30);

    @TempDir
    Path tmp;

    @Test
    void theLargestPrefetchAllocatesNothingAhead() throws Exception {
        long bytes = Trees.totalSize(Trees.randomTree(tmp.resolve("set"), 64, 3000, 5));
        DirdumpRun r = assertTimeoutPreemptively(SOON,
                () -> DirdumpRun.json("--force", "-j", 4, "--prefetch", Integer.MAX_VALUE, tmp.resolve("set")));
        assertEquals(0, r.status(), r.err());
        assertEquals(bytes, r.count("bytes_read"));
    }

    @Test
    void aListThatIsNotOneOfNamesEndsAtOnce() throws Exception {
        Path zeros = tmp.resolve("zeros");
        Files.write(zeros, new byte[3 << 20]);
        DirdumpRun lines = assertTimeoutPreemptively(SOON, () -> DirdumpRun.of("--files-from", "/dev/zero"));
        assertEquals(2, lines.status(), lines.err());
        assertTrue(lines.err().startsWith("dirdump: /dev/zero: a name longer than 1 GiB: not a list of names"),
                lines.err());
        DirdumpRun nul = assertTimeoutPreemptively(SOON, () -> DirdumpRun.of("-0", "--files-from", zeros));
        assertEquals(2, nul.status(), nul.err());
        assertTrue(nul.err().startsWith("dirdump: " + zeros + ": more than 1 MiB of separators and no name"), nul.err());
    }

    /** A snapshot is read only from a regular file, and a stream that does not begin as one ends at once. */
    @Test
    void aSnapshotThatIsNoFileOrNoSnapshotEndsAtOnce() throws Exception {
        DirdumpRun device = assertTimeoutPreemptively(SOON, () -> DirdumpRun.of("--replay", "/dev/zero"));
        assertEquals(2, device.status(), device.err());
        assertTrue(device.err().startsWith("dirdump: --replay /dev/zero: a character device, not a regular file; not "
                + "opened\n"), device.err());
        DirdumpRun zeros = assertTimeoutPreemptively(SOON, () -> DirdumpRun.withInput(new byte[3 << 20], "--replay", "-"));
        assertEquals(2, zeros.status(), zeros.err());
        assertTrue(zeros.err().startsWith("dirdump: --replay -: not a dirdump snapshot"), zeros.err());
    }
}
