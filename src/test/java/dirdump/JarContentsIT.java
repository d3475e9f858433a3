package dirdump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;

/**
 * What the built jar holds, as {@code unzip -l target/dirdump.jar} shows it: what runs, and none of
 * the build's own tools (src/build/java) nor of what only the tests use.
 */
class JarContentsIT {
    private static List<String> entries() throws Exception {
        try (ZipFile jar = new ZipFile(System.getProperty("dirdump.jar"))) {
            return Collections.list(jar.entries()).stream().map(ZipEntry::getName).toList();
        }
    }

    @Test
    void holdsWhatRunsAndNothingOfTheBuild() throws Exception {
        List<String> entries = entries();
        assertTrue(entries.contains("dirdump/Main.class"), "the entry point");
        assertTrue(entries.contains("jnr/ffi/LibraryLoader.class") && entries.contains("com/kenai/jffi/Invoker.class"),
                "jnr-ffi and jffi, which sys binds libc with");
        assertEquals(List.of(), entries.stream().filter(e -> e.startsWith("dirdump/build/")).toList(),
                "the build's tools run at build time only");
        assertEquals(List.of(), entries.stream().filter(e -> e.startsWith("jnr/posix/")).toList(),
                "jnr-posix: only a test uses it");
    }
}
