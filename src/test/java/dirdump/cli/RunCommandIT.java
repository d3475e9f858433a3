package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.testing.BuiltJar;
import dirdump.testing.Launched;
import dirdump.testing.Trees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** dirdump run as a command of its own, for what COMMAND gets on its real standard input. */
class RunCommandIT {

    @TempDir
    Path tmp;

    @Test
    void aListOnStandardInputIsReadWholeBeforeCommandStarts() throws Exception {
        Path file = Trees.file(tmp.resolve("set/a"), 5000, 1);
        Path seen = tmp.resolve("seen");
        for (String where : new String[] {"--files-from - run -v", "run -v --files-from -"}) {
            String script = "printf '%s\\n' \"$1\" | " + BuiltJar.shellWords() + " --force " + where
                    + " -- sh -c 'cat >\"$1\"' sh \"$2\"";
            Launched r = Launched.of(BuiltJar.builder(List.of("/bin/sh", "-c", script, "sh", file.toString(),
                    seen.toString())));
            assertEquals(0, r.status(), where + ": " + r.err());
            assertTrue(r.err().startsWith("dirdump: read 1 file, "), where + ": " + r.err());
            assertEquals("", Files.readString(seen), where + ": COMMAND's stdin is at the list's end");
        }
    }
}
