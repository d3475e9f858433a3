package dirdump.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.sys.PathNames;
import java.util.List;
import org.junit.jupiter.api.Test;

class PathFilterTest {
    private static byte[] b(String s) {
        return PathNames.bytes(s);
    }

    private static PathFilter filter(List<String> includes, List<String> excludes) {
        return PathFilter.of(includes.stream().map(PathNames::bytes).toList(), excludes.stream().map(PathNames::bytes).toList());
    }

    @Test
    void walkedEntriesAreMatchedBelowTheirPath() {
        PathFilter f = filter(List.of("src/**/*.c"), List.of("build/", "*.tmp"));
        byte[] dir = b("/data/set/src/lib");
        int rel = "/data/set/".length();
        assertNull(f.leftOut(dir, rel, b("x.c"), false));
        assertEquals("no --include matches", f.leftOut(dir, rel, b("x.h"), false));
        assertEquals("--exclude '*.tmp'", f.leftOut(dir, rel, b("x.tmp"), false));
        assertNull(f.leftOut(dir, rel, b("anything"), true), "includes do not apply to directories");
        byte[] top = b("/data/set");
        assertEquals("--exclude 'build/'", f.leftOut(top, top.length, b("build"), true));
        assertEquals("no --include matches", f.leftOut(top, top.length, b("build"), false),
                "build/ matches directories only; a file named build is not included");
    }

    @Test
    void namedFilesAreMatchedByThePathAsGivenLessLeadingSlashAndDot() {
        PathFilter f = filter(List.of("set/**"), List.of("a/*.tmp"));
        assertNull(f.leftOutNamed(b("/set/a/x.c"), false));
        assertNull(f.leftOutNamed(b("./set/x.c"), false));
        assertNull(f.leftOutNamed(b(".//./set/x.c"), false));
        assertEquals("no --include matches", f.leftOutNamed(b("/other/x.c"), false));
        assertEquals("--exclude 'a/*.tmp'", filter(List.of(), List.of("a/*.tmp")).leftOutNamed(b("./a/x.tmp"), false));
    }

    @Test
    void anIncludeOfDirectoriesOnlyIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> filter(List.of("x/"), List.of()));
        assertTrue(e.getMessage().startsWith("--include 'x/': "), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> filter(List.of(), List.of("[x")));
        assertEquals("--exclude '[x': '[' without its ']'", e.getMessage());
    }
}
