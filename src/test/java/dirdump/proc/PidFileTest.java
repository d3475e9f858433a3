package dirdump.proc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.sys.Directory;
import dirdump.sys.FileType;
import dirdump.sys.Os;
import dirdump.sys.SmallFile;
import dirdump.sys.Stat;
import dirdump.sys.SysException;
import dirdump.testing.ForwardingOs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
     * Two locks find the same stale pid file: the second runs whole (finds it, removes it, writes its
     * own) while the first is between finding it and removing it. One of them holds the pid file, never
     * both: before the claim by lock, the first's removal took the second's new file for the stale one
     * (ext4 gives the freed inode number to the next file) and both went on.
     */
    @Test
    void aStalePidFileFoundByTwoLocksAtOnceIsClaimedByOne() throws Exception {
        Path pidFile = tmp.resolve("lock.pid");
        for (int i = 0; i < 5; i++) {
            Files.writeString(pidFile, "99999999\n");  // no such process
            List<PidFile> made = new ArrayList<>();
            List<String> refused = new ArrayList<>();
            Os racing = new ForwardingOs(OS) {
                private boolean raced;

                @Override
                public boolean removeIfSame(Directory dir, byte[] name, Stat expected) throws SysException {
                    if (!raced) {
                        raced = true;
                        claim(OS, pidFile, made, refused);
                    }
                    return real.removeIfSame(dir, name, expected);
                }
            };
            claim(racing, pidFile, made, refused);
            try {
                assertEquals(1, made.size(), "try " + i + ": one holds it; refused: " + refused);
                assertEquals(1, refused.size(), refused.toString());
            } finally {
                made.forEach(PidFile::close);
            }
        }
    }

    private static void claim(Os os, Path pidFile, List<PidFile> made, List<String> refused) {
        try {
            made.add(PidFile.create(os, pidFile.toString()));
        } catch (PidFile.Refused e) {
            refused.add(e.getMessage());
        }
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
