package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.testing.AsUser;
import dirdump.testing.DirdumpRun;
import dirdump.testing.Trees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PermissionTest {
    @TempDir
    Path tmp;

    @Test
    void unreadableFilesAndDirectoriesAreReportedAndTheRunGoesOn() throws Exception {
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path secret = Trees.file(tmp.resolve("secret"), 100, 1);
        Trees.file(tmp.resolve("locked/inside"), 100, 2);
        Trees.file(tmp.resolve("open/readable"), 200, 3);
        Files.setPosixFilePermissions(tmp.resolve("open"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(tmp.resolve("open/readable"), PosixFilePermissions.fromString("rw-r--r--"));
        Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("---------"));
        Files.setPosixFilePermissions(tmp.resolve("locked"), PosixFilePermissions.fromString("---------"));
        try {
            DirdumpRun run = AsUser.nobody(() -> DirdumpRun.json("--force", tmp));
            assertEquals(1, run.status(), run.err());
            assertEquals(2, run.count("errors"));
            assertEquals(1, run.count("files_read"));
            assertEquals(200, run.count("bytes_read"));
            assertTrue(run.err().contains("dirdump: " + secret + ": Permission denied"), run.err());
            assertTrue(run.err().contains("dirdump: " + tmp.resolve("locked") + ": Permission denied"), run.err());
        } finally {
            Files.setPosixFilePermissions(tmp.resolve("locked"), PosixFilePermissions.fromString("rwx------"));
        }
    }
}
