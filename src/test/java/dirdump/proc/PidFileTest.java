package dirdump.proc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.sys.Directory;
import dirdump.sys.FileType;
import dirdump.sys.Os;
import dirdump.sys.SmallFile;
import dirdump.sys.SysException;
import dirdump.testing.ForwardingOs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pid file's name changed between the calls that look at it, in-process: the phases PidFileIT's
 * attacker races against, one at a time.
 */
class PidFileTest {
    private static final Os OS = Os.load(warning -> { });
    private static final String LINK = "is a symbolic link; not a pid file, left alone";

    @TempDir
    Path tmp;

    @Test
    void aLinkFoundByFstatatIsRefusedUnread() throws Exception {
        Path pidFile = tmp.resolve("lock.pid");
        Files.createSymbolicLink(pidFile, tmp.resolve("elsewhere"));
        assertEquals(LINK, assertThrows(PidFile.Refused.class, () -> PidFile.create(OS, pidFile.toString())).getMessage());
        assertTrue(Files.isSymbolicLink(pidFile), "left alone");
    }

    /**
     * A stale pid file, which fstatat finds regular, swapped for a link before the open: O_NOFOLLOW's
     * ELOOP is the same refusal, in the same words, as the link fstatat finds.
     */
    @Test
    void aLinkSwappedInBetweenFstatatAndOpenIsRefusedInTheSameWords() throws Exception {
        Path pidFile = tmp.resolve("lock.pid");
        Files.writeString(pidFile, "999999999\n");  // no such process: stale, to be replaced
        Os swapping = new ForwardingOs(OS) {
            @Override
            public SmallFile readSmallFile(Directory dir, byte[] name, int max) throws SysException {
                // readSmallFile's own two calls, with the name swapped between them.
                assertEquals(FileType.REGULAR, real.stat(dir, name, false).type(), "fstatat finds the stale file");
                try {
                    Files.delete(pidFile);
                    Files.createSymbolicLink(pidFile, tmp.resolve("elsewhere"));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                SysException refused = assertThrows(SysException.class, () -> real.open(dir, name, false).close(),
                        "openat with O_NOFOLLOW refuses the link");
                assertTrue(refused.isSymbolicLink(), refused.getMessage());
                throw refused;
            }
        };
        assertEquals(LINK, assertThrows(PidFile.Refused.class, () -> PidFile.create(swapping, pidFile.toString()))
                .getMessage());
        assertTrue(Files.isSymbolicLink(pidFile), "left alone");
    }
}
