package dirdump.testdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.testing.Launched;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real bin/testdata-gen and jar, as a user runs them (after `mvn package`). */
class GenLauncherIT {
    private static final Path LAUNCHER = Launched.launcher("testdata-gen");

    @TempDir
    Path tmp;

    @Test
    void theLauncherRunsThroughASymlinkAndRefusesToWriteTwice() throws Exception {
        Path link = Files.createDirectories(tmp.resolve("bin")).resolve("tg");
        Files.createSymbolicLink(link, LAUNCHER);
        Path out = tmp.resolve("data");

        Launched first = Launched.run(link, Map.of(), out.toString(), "--files", "300", "--dirs", "10", "--depth", "2", "--seed", "3");
        Launched second = Launched.run(link, Map.of(), out.toString(), "--files", "300", "--seed", "3");

        assertEquals(0, first.status(), first.err());
        assertEquals("", first.out());
        assertTrue(first.err().startsWith("testdata-gen: wrote 300 files in 10 directories, "), first.err());
        assertTrue(!first.err().contains("\r"), "no progress line when stderr is not a terminal");
        assertEquals(300, TreeFacts.files(out).size());
        assertEquals(2, second.status());
        assertTrue(second.err().startsWith("testdata-gen: " + out + ": not empty"), second.err());
        Files.delete(link);  // before @TempDir's cleanup, which warns about links that point out of it
    }

    @Test
    void withoutLibcJavaNioMakesTheSameTreeAndRefusesAnOutOthersCanChange() throws Exception {
        // jffi cannot unpack its native library into a directory that does not exist.
        Map<String, String> noLibc = Map.of("DIRDUMP_JAVA_OPTS", Launched.NO_BOOT_LIBRARY + "-Djffi.extract.dir=/nonexistent");
        String warning = "testdata-gen: warning: cannot bind libc \\(.*\\); using java.nio, which refuses an OUT that "
                + "others can change\n";
        Path viaLibc = tmp.resolve("libc");
        Path viaNio = tmp.resolve("nio");
        Path shared = Files.createDirectory(tmp.resolve("shared"));
        Files.setAttribute(shared, "unix:mode", 0777);

        assertEquals(0, GenRun.of(viaLibc, "--files", 300, "--dirs", 10, "--depth", 2, "--seed", 3).status());
        Launched nio = Launched.run(LAUNCHER, noLibc, viaNio.toString(), "--files", "300", "--dirs", "10", "--depth", "2",
                "--seed", "3");
        Launched refused = Launched.run(LAUNCHER, noLibc, shared.toString(), "--files", "300", "--force");

        assertEquals(0, nio.status(), nio.err());
        assertTrue(nio.err().split("(?<=\n)")[0].matches(warning), nio.err());
        assertEquals(TreeFacts.digest(viaLibc), TreeFacts.digest(viaNio));
        assertEquals(2, refused.status(), refused.err());
        assertTrue(refused.err().matches(warning + "testdata-gen: " + Pattern.quote(shared.toString()) + ": writable by group or others \\(mode "
                + "0777\\); without libc, directories are made by name, which another user could redirect: nothing "
                + "written\n"), refused.err());
        assertEquals(List.of(), TreeFacts.all(shared));
    }
}
