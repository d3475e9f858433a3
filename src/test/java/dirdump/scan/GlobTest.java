package dirdump.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.sys.PathNames;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class GlobTest {
    private static Glob glob(String pattern) {
        return Glob.compile(PathNames.bytes(pattern));
    }

    /** Whether {@code pattern} matches the relative path {@code path}. */
    private static boolean matches(String pattern, String path) {
        byte[] p = PathNames.bytes(path);
        return glob(pattern).matches(p, PathNames.lastSlash(p) + 1);
    }

    @Test
    void starStaysInOneComponentAndDoubleStarCrossesDirectories() {
        assertTrue(matches("a/*.c", "a/x.c"));
        assertFalse(matches("a/*.c", "a/b/x.c"), "* does not cross /");
        assertTrue(matches("a/**/*.c", "a/b/c/x.c"));
        assertTrue(matches("a/**/*.c", "a/x.c"), "**/ also matches no directory");
        assertFalse(matches("a/**/*.c", "ab/x.c"));
        assertTrue(matches("a/**", "a/b/c"));
        assertFalse(matches("a/**", "a"), "a/** is what is below a");
        assertTrue(matches("**/cache/*", "x/y/cache/f"));
        assertTrue(matches("**/cache/*", "cache/f"));
        assertTrue(matches("x/a**z", "x/a/b/z"), "** crosses / wherever it is");
        assertTrue(matches("*", ""));
        assertFalse(matches("a/*", "a/b/c"));
    }

    @Test
    void questionMarkAndSetsMatchOneByteButNeverASlash() {
        assertTrue(matches("a?c", "abc"));
        assertFalse(matches("a/?c", "a//c"));
        assertFalse(matches("x/a?c", "x/a/c"));
        assertTrue(matches("f[0-9]", "f7"));
        assertFalse(matches("f[0-9]", "fx"));
        assertTrue(matches("f[!0-9]", "fx"));
        assertTrue(matches("f[^0-9]", "fx"));
        assertFalse(matches("f[!0-9]", "f1"));
        assertFalse(matches("x/f[!0-9]z", "x/f/z"), "a negated set still never matches /");
        assertTrue(matches("[]x]", "]"), "] first is a member");
        assertTrue(matches("[a-]", "-"));
        assertFalse(matches("[z-a]", "m"), "a reversed range matches nothing");
        assertTrue(matches("\\*", "*"));
        assertFalse(matches("\\*", "x"));
    }

    @Test
    void aPatternWithoutSlashMatchesTheNameAtAnyDepth() {
        assertTrue(matches("*.log", "a/b/c.log"));
        assertTrue(matches("build", "x/build"));
        assertFalse(matches("build", "build/x"));
        assertTrue(matches("/build", "build"), "a leading / anchors to the top");
        assertFalse(matches("/build", "x/build"));
        assertFalse(matches("a/b", "x/a/b"), "a pattern with / matches the whole path");
        Glob dirs = glob("tmp/");
        assertTrue(dirs.directoryOnly());
        assertFalse(dirs.wholePath(), "a trailing / alone does not make a path pattern");
        assertTrue(dirs.matches(PathNames.bytes("x/tmp"), 2));
    }

    @Test
    void namesAreBytesNotText() {
        byte[] name = {'b', 'a', 'd', (byte) 0xff, '.', 'c'};
        assertTrue(glob("bad?.c").matches(name, 0));
        assertTrue(glob("*.c").matches(name, 0));
        assertFalse(glob("bad??.c").matches(name, 0));
        byte[] newline = "a\nb".getBytes(StandardCharsets.UTF_8);
        assertTrue(glob("a?b").matches(newline, 0));
    }

    /**
     * Ten stars over 5,000 bytes that do not match: a backtracking matcher would try some 10^30 ways and
     * never end; this one's work is tokens times bytes. The bound only keeps a hang from stalling the
     * suite: it is no speed claim.
     */
    @Test
    void manyStarsDoNotBacktrack() {
        byte[] path = PathNames.bytes("a".repeat(5000) + "b");
        assertFalse(assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> glob("*a*a*a*a*a*a*a*a*a*a*c").matches(path, 0), "it backtracks"));
    }

    @Test
    void badPatternsAreRefused() {
        assertEquals("'a[b': '[' without its ']'",
                assertThrows(IllegalArgumentException.class, () -> glob("a[b")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> glob(""));
        assertThrows(IllegalArgumentException.class, () -> glob("/"));
    }
}
