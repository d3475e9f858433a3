package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dirdump.testing.BuiltJar;
import dirdump.testing.Launched;
import dirdump.testing.Trees;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Names far beyond PATH_MAX, in the built jar. The tree 4,200 directories of 255-byte names
 * deep: saved, replayed and listed. And its names of 100 components of 200 bytes (20 KB: resolved one
 * component at a time) under a low descriptor limit: resolution holds no descriptor per component, and
 * an error's text loads nothing (it once loaded jnr-ffi's LibraryLoader, whose static initialiser
 * failed with no descriptor left: "internal error in main: ExceptionInInitializerError").
 */
class DeepNamesIT {
    private static final String COMPONENT = "c".repeat(200);

    @TempDir
    Path tmp;

    @AfterEach
    void removeDeepTree() throws Exception {
        Trees.sh(tmp, "rm -rf chunk0");  // JUnit cannot delete paths longer than PATH_MAX
    }

    /** {@code args} run by the built jar under {@code ulimit -n limit}. */
    private Launched underLimit(int limit, String args) throws Exception {
        return Launched.of(BuiltJar.builder(List.of("sh", "-c", "ulimit -n " + limit + "; exec " + BuiltJar.shellWords()
                + " " + args)).directory(tmp.toFile()));
    }

    private static JsonObject json(Launched run) {
        return JsonParser.parseString(run.out()).getAsJsonObject();
    }

    /**
     * A name of 1,075,232 bytes, beyond what dirdump once took (1 MiB): status --save saves it (it once
     * saved it, exit 0, and --replay refused the whole snapshot), --replay reads it, and so does
     * --files-from (which once refused the whole list).
     */
    @Test
    void aFileDeeperThanAMebibyteOfNameIsSavedReplayedAndListed() throws Exception {
        String below = Trees.deepFile(tmp, 4200, "d".repeat(255), 8192);
        assertEquals(0, underLimit(1024, "-q --force chunk0").status(), "read, so that a page is resident to save");
        Launched save = underLimit(1024, "status --save s chunk0");
        assertEquals(0, save.status(), save.err());
        assertTrue(save.err().contains("saved the resident pages of 1 file"), save.err());
        Launched replay = underLimit(1024, "--force --json --replay s");
        assertEquals(0, replay.status(), replay.err());
        assertEquals(1, json(replay).get("files_read").getAsLong());
        assertEquals(8192, json(replay).get("bytes_read").getAsLong());
        Files.write(tmp.resolve("list"), (tmp + "/" + below + "\n").getBytes(StandardCharsets.US_ASCII));
        assertTrue(Files.size(tmp.resolve("list")) > 1 << 20, "longer than the bound once was");
        Launched listed = underLimit(1024, "--force --json --files-from list");
        assertEquals(0, listed.status(), listed.err());
        assertEquals(8192, json(listed).get("bytes_read").getAsLong());
    }

    @Test
    void aListedNameAndAReplayedOneOfAHundredComponentsAreReadUnderADescriptorLimitOf64() throws Exception {
        String below = Trees.deepFile(tmp, 100, COMPONENT, 6);
        Files.write(tmp.resolve("list"), (tmp + "/" + below + "\n").getBytes(StandardCharsets.US_ASCII));

        Launched listed = underLimit(64, "--force --json --files-from list");
        assertEquals(0, listed.status(), listed.err());
        assertEquals("", listed.err());
        assertEquals(1, json(listed).get("files_read").getAsLong());
        assertEquals(6, json(listed).get("bytes_read").getAsLong());

        Launched save = underLimit(64, "status -q --save s chunk0");
        assertEquals(0, save.status(), save.err());
        Launched replay = underLimit(64, "--force --json --replay s");
        assertEquals(0, replay.status(), replay.err());
        assertEquals("", replay.err());
        assertEquals(6, json(replay).get("bytes_read").getAsLong());
    }

    /**
     * Down to the fewest descriptors the JVM starts with: each run reads the file (exit 0) or, where no
     * descriptor is left for it, says so in one dirdump line (exit 1), never an internal error. Both
     * happen on the way down.
     */
    @Test
    void withNoDescriptorLeftTheFileIsOneLineAndNoInternalError() throws Exception {
        String below = Trees.deepFile(tmp, 100, COMPONENT, 6);
        Files.write(tmp.resolve("list"), (tmp + "/" + below + "\n").getBytes(StandardCharsets.US_ASCII));
        List<Integer> read = new ArrayList<>();
        List<Integer> told = new ArrayList<>();
        for (int limit = 16; limit >= 4; limit--) {
            Launched run = underLimit(limit, "--force -q --files-from list");
            if (!run.err().isEmpty() && !run.err().startsWith("dirdump: ")) {
                break;  // the JVM itself cannot start with so few (its own "Error occurred during initialization")
            }
            assertFalse(run.err().contains("internal error") || run.err().contains("Exception"),
                    "ulimit -n " + limit + ": " + run.err());
            if (run.status() == 0) {
                assertEquals("", run.err(), "ulimit -n " + limit);
                read.add(limit);
            } else {
                assertEquals(1, run.status(), "ulimit -n " + limit + ": " + run.err());
                assertEquals(List.of("dirdump: " + tmp + "/" + below + ": Too many open files"),
                        List.of(run.err().split("\n")), "ulimit -n " + limit);
                told.add(limit);
            }
        }
        assertFalse(read.isEmpty(), "read under a low limit");
        assertFalse(told.isEmpty(), "no descriptor left at some limit, read as " + read);
        assertTrue(told.get(0) < read.get(read.size() - 1), "fewer descriptors fail, more read: " + told + ", " + read);
    }
}
