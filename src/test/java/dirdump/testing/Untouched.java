package dirdump.testing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;

/**
 * Files whose contents are remembered and whose times are set far in the past, to check afterwards
 * that a command changed nothing of them: not a byte, not the modification time, and not even the
 * access time (O_NOATIME: relatime would move it once).
 */
public final class Untouched {
    private static final FileTime OLD = FileTime.fromMillis(1_000_000_000_000L);

    private final List<Path> files;
    private final byte[][] contents;

    private Untouched(List<Path> files, byte[][] contents) {
        this.files = files;
        this.contents = contents;
    }

    public static Untouched of(List<Path> files) throws IOException {
        byte[][] contents = new byte[files.size()][];
        for (int i = 0; i < files.size(); i++) {
            contents[i] = Files.readAllBytes(files.get(i));
            Files.setLastModifiedTime(files.get(i), OLD);
            Files.setAttribute(files.get(i), "lastAccessTime", OLD);
        }
        return new Untouched(files, contents);
    }

    public void assertUnchanged() throws IOException {
        for (int i = 0; i < files.size(); i++) {
            Path f = files.get(i);
            assertEquals(OLD, Files.getLastModifiedTime(f), "mtime of " + f);
            assertEquals(OLD, Files.getAttribute(f, "lastAccessTime"), "atime of " + f);
            assertArrayEquals(contents[i], Files.readAllBytes(f), f.toString());
        }
    }
}
