package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import dirdump.testing.DirdumpRun;
import dirdump.testing.ShortLoopDisk;
import dirdump.testing.Trees;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * ext2, ext3 and ext4 share one statfs magic, and the ext4 driver mounts all three: each is named as
 * what it is wherever a file system is named (the summary's device line, --json's devices, bench's
 * machine lines, which all take it from the same place). Real file systems on loop devices, as
 * mkfs.ext2/mkfs.ext3/mkfs.ext4 make them and mount(8) mounts them (root only; skipped otherwise).
 */
class ExtFileSystemNamesTest {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @CsvSource({"ext2, mkfs.ext2 -q -F", "ext3, mkfs.ext3 -q -F", "ext4, mkfs.ext4 -q -F"})
    void eachIsNamedAsWhatItIs(String name, String mkfs) throws Exception {
        try (ShortLoopDisk disk = ShortLoopDisk.create(tmp, mkfs)) {
            Trees.file(disk.dir().resolve("f"), 8192, 1);
            DirdumpRun json = DirdumpRun.json("--force", disk.dir());
            assertEquals(0, json.status(), json.err());
            JsonObject device = json.summary().getAsJsonArray("devices").get(0).getAsJsonObject();
            assertEquals(name, device.get("file_system").getAsString(), json.out());

            DirdumpRun text = DirdumpRun.of("--force", disk.dir());
            assertTrue(text.errUnwrapped().contains(" (" + name + ", " + disk.dir() + "): order "), text.err());

            DirdumpRun bench = DirdumpRun.json("bench", disk.dir(), "--rounds", 1, "--variant=-j1");
            assertEquals(0, bench.status(), bench.err());
            JsonObject machineDisk = bench.summary().getAsJsonObject("machine").getAsJsonArray("disks").get(0).getAsJsonObject();
            assertEquals(name, machineDisk.get("file_system").getAsString(), bench.out());
        }
    }
}
