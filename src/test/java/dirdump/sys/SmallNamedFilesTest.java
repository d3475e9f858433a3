package dirdump.sys;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.testing.Trees;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Os.createFile, readSmallFile and removeIfSame, relative to a directory's handle, on real files. */
class SmallNamedFilesTest {
    private static final byte[] NAME = {'f'};

    @TempDir
    Path tmp;

    private final Os os = LibcOs.create();
    private Directory dir;

    @BeforeEach
    void open() throws Exception {
        dir = os.openPath(PathNames.bytes(tmp.toString()), false);
    }

    @AfterEach
    void close() {
        dir.close();
    }

    @Test
    void createFileMakesANewFileAndNeverOneThatExistsNorThroughALink() throws Exception {
        try (SmallFile written = os.createFile(dir, NAME, bytes("42\n"))) {
            assertEquals(Files.getAttribute(tmp.resolve("f"), "unix:ino"), written.stat().ino);
        }
        assertEquals("42\n", Files.readString(tmp.resolve("f")));
        assertTrue(PosixFilePermissions.fromString("rw-r--r--").containsAll(Files.getPosixFilePermissions(
                tmp.resolve("f"))), "0644 less the umask");
        assertNull(os.createFile(dir, NAME, bytes("43\n")), "taken");
        assertEquals("42\n", Files.readString(tmp.resolve("f")));

        Files.createSymbolicLink(tmp.resolve("dangling"), tmp.resolve("target"));
        assertNull(os.createFile(dir, bytes("dangling"), bytes("44\n")), "a link, even to nothing, is not followed");
        assertFalse(Files.exists(tmp.resolve("target")));
    }

    @Test
    void readSmallFileReadsAtMostMaxOfARegularFileAndOpensNothingElse() throws Exception {
        Files.writeString(tmp.resolve("f"), "123456789\n");
        try (SmallFile found = os.readSmallFile(dir, NAME, 4)) {
            assertArrayEquals(bytes("1234"), found.start());
            assertEquals(10, found.stat().size);
        }

        assertEquals(0, Trees.sh(tmp, "mkfifo fifo"));
        SmallFile fifo = os.readSmallFile(dir, bytes("fifo"), 32);  // would block, if opened without O_NONBLOCK
        assertEquals(FileType.FIFO, fifo.stat().type());
        assertNull(fifo.start(), "not read");

        Files.createSymbolicLink(tmp.resolve("link"), tmp.resolve("f"));
        SmallFile link = os.readSmallFile(dir, bytes("link"), 32);
        assertEquals(FileType.SYMLINK, link.stat().type(), "the link itself, not followed");
        assertNull(link.start());
    }

    @Test
    void removeIfSameRemovesOnlyTheFileExpected() throws Exception {
        try (SmallFile written = os.createFile(dir, NAME, bytes("42\n"))) {
            // Replaced by another file under the same name (renamed over it): left alone.
            Files.move(Files.writeString(tmp.resolve("other"), "other\n"), tmp.resolve("f"),
                    StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            assertFalse(os.removeIfSame(dir, NAME, written.stat()));
            assertEquals("other\n", Files.readString(tmp.resolve("f")));
        }

        // Held open while it is looked for, as PidFile does: its inode is not freed, and so not given to the link.
        try (SmallFile found = os.readSmallFile(dir, NAME, 32)) {
            Stat other = found.stat();
            Files.delete(tmp.resolve("f"));
            Files.createSymbolicLink(tmp.resolve("f"), tmp.resolve("kept"));
            Files.writeString(tmp.resolve("kept"), "kept\n");
            assertFalse(os.removeIfSame(dir, NAME, other), "a link in its place");
            assertTrue(Files.isSymbolicLink(tmp.resolve("f")));

            Files.delete(tmp.resolve("f"));
            assertFalse(os.removeIfSame(dir, NAME, other), "gone");
        }
        try (SmallFile again = os.createFile(dir, NAME, bytes("45\n"))) {
            assertTrue(os.removeIfSame(dir, NAME, again.stat()));
        }
        assertFalse(Files.exists(tmp.resolve("f"), LinkOption.NOFOLLOW_LINKS));
        assertEquals("kept\n", Files.readString(tmp.resolve("kept")));
    }

    /**
     * The file made is locked until it is closed: a reader (another open file, as another process's
     * would be) finds it locked elsewhere, after its bounded wait, and holds it locked itself once it is
     * let go, so that the maker of a new file under the name waits for it, a second at most.
     */
    @Test
    void aFileMadeIsLockedUntilClosedAndAFileReadIsLockedWhileHeld() throws Exception {
        try (SmallFile made = os.createFile(dir, NAME, bytes("42\n"))) {
            try (SmallFile found = os.readSmallFile(dir, NAME, 32)) {
                assertTrue(found.lockedElsewhere());
                assertArrayEquals(bytes("42\n"), found.start(), "read all the same");
            }
            assertNotNull(made);
        }
        try (SmallFile found = os.readSmallFile(dir, NAME, 32)) {
            assertFalse(found.lockedElsewhere(), "let go with the file closed");
            try (SmallFile again = os.readSmallFile(dir, NAME, 32)) {
                assertTrue(again.lockedElsewhere(), "the first reader holds it");
            }
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
