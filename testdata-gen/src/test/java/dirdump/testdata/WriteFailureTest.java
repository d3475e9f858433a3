package dirdump.testdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.testing.AsUser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file that cannot be created stops the run with exit 1 and one line naming it, plain or fragmented. */
class WriteFailureTest {
    @TempDir
    Path tmp;

    @Test
    void aFileThatCannotBeCreatedExitsOneNamingIt() throws Exception {
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path out = Files.createDirectory(tmp.resolve("read-only"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("r-xr-xr-x")));
        Pattern line = Pattern.compile("testdata-gen: " + Pattern.quote(out.toString()) + "/f\\d+: Permission denied\n");

        for (Object[] args : new Object[][] {{out, "--files", 20}, {out, "--files", 20, "--fragment"}}) {
            GenRun run = AsUser.nobody(() -> GenRun.of(args));
            assertEquals(1, run.status(), run.err());
            assertTrue(line.matcher(run.err()).matches(), run.err());
        }
    }
}
