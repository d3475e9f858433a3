package dirdump.testdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dirdump.testing.AsUser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The java.nio fallback makes directories by name, so it refuses an OUT that someone other than this
 * user and root could change, or one below such a directory; a sticky directory (as /tmp) is not such.
 */
class FallbackTest {
    private static final String WHY = "; without libc, directories are made by name, which another user could "
            + "redirect: nothing written";

    @TempDir
    Path tmp;

    /** Why the fallback refuses OUT, or null if it opens it. */
    private static String refusal(Path out) throws IOException {
        try (NioSink sink = new NioSink(1)) {
            sink.closeDirectory(sink.openOut(out));
            return null;
        } catch (Refused e) {
            return e.getMessage();
        }
    }

    private Path dir(Path path, int mode) throws IOException {
        Files.createDirectory(path);
        Files.setAttribute(path, "unix:mode", mode);
        return path;
    }

    @Test
    void anOutOthersOrItsGroupCanWriteIsRefused() throws IOException {
        Path shared = dir(tmp.resolve("shared"), 0777);
        Path group = dir(tmp.resolve("group"), 0775);
        assertEquals(shared + ": writable by group or others (mode 0777)" + WHY, refusal(shared));
        assertEquals(group + ": writable by group or others (mode 0775)" + WHY, refusal(group));
        assertEquals(List.of(), TreeFacts.all(shared));
    }

    @Test
    void anOutBelowADirectoryOthersCanWriteIsRefused() throws IOException {
        Path shared = dir(tmp.resolve("shared"), 0777);
        Path out = dir(shared.resolve("out"), 0755);
        assertEquals(out + ": " + shared + " is writable by group or others (mode 0777)" + WHY, refusal(out));
    }

    @Test
    void stickyDirectoriesAndOursAreFine() throws IOException {
        Path sticky = dir(tmp.resolve("sticky"), 01777);
        assertNull(refusal(sticky));
        assertNull(refusal(dir(sticky.resolve("out"), 0755)));
    }

    @Test
    void anOutOwnedBySomeoneElseIsRefused() throws IOException {
        assumeTrue(AsUser.isRoot(), "giving a directory to another owner needs root");
        Path theirs = dir(tmp.resolve("theirs"), 0755);
        Files.setAttribute(theirs, "unix:uid", AsUser.NOBODY);
        assertEquals(theirs + ": owned by uid " + AsUser.NOBODY + WHY, refusal(theirs));
    }
}
