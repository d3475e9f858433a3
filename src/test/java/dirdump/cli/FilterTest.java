package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import dirdump.testing.AsUser;
import dirdump.testing.DirdumpRun;
import dirdump.testing.Trees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --include and --exclude on a walk. */
class FilterTest {
    @TempDir
    Path tmp;

    /** The files {@code dirdump order} lists with these options, relative to tmp, sorted. */
    private Set<String> listed(Object... options) {
        Object[] args = new Object[options.length + 2];
        args[0] = "order";
        System.arraycopy(options, 0, args, 1, options.length);
        args[args.length - 1] = tmp;
        DirdumpRun run = DirdumpRun.of(args);
        assertEquals(0, run.status(), run.err());
        Set<String> files = new TreeSet<>();
        for (String line : run.outLines()) {
            files.add(tmp.relativize(Path.of(line)).toString());
        }
        return files;
    }

    @Test
    void includeAndExcludeMatchThePathBelowThePathGiven() throws Exception {
        for (String f : new String[] {"top.c", "top.h", "src/a.c", "src/lib/b.c", "src/lib/deep/c.c", "src/lib/b.h",
            "build/out.c", "docs/build/page.txt", "x.tmp", "src/y.tmp"}) {
            Trees.file(tmp.resolve(f), 10, f.hashCode());
        }
        assertEquals(Set.of("src/a.c", "src/lib/b.c", "src/lib/deep/c.c"), listed("--include", "src/**/*.c"));
        assertEquals(Set.of("src/lib/b.c", "src/lib/b.h"), listed("--include", "src/*/*"), "* does not cross /");
        assertEquals(Set.of("top.c", "src/a.c", "src/lib/b.c", "src/lib/deep/c.c", "build/out.c"),
                listed("--include", "*.c"), "a pattern without / matches the name at any depth");
        assertEquals(Set.of("top.c", "top.h", "src/a.c", "src/lib/b.c", "src/lib/deep/c.c", "src/lib/b.h"),
                listed("--exclude", "build", "--exclude", "*.tmp", "--exclude", "docs/"));
        assertEquals(Set.of("docs/build/page.txt", "top.c", "top.h", "x.tmp"),
                listed("--exclude", "/build", "--exclude", "src/"), "a leading / anchors at the PATH");
        assertEquals(Set.of("top.c", "src/a.c"), listed("--include", "*.c", "--exclude", "lib/", "--exclude", "build/**"));
    }

    @Test
    void filteredEntriesAreCountedApartAndShownWithVerbose() throws Exception {
        Trees.file(tmp.resolve("keep.c"), 10, 1);
        Trees.file(tmp.resolve("drop.o"), 10, 2);
        Trees.file(tmp.resolve("cache/a.c"), 10, 3);
        Trees.file(tmp.resolve("cache/b.c"), 10, 4);
        DirdumpRun run = DirdumpRun.json("--force", "-v", "--exclude", "cache/", "--include", "*.c", tmp);
        assertEquals(0, run.status(), run.err());
        assertEquals(1, run.count("files_read"));
        JsonObject filtered = run.summary().getAsJsonObject("filtered");
        assertEquals(2, filtered.get("total").getAsLong(), "drop.o, and cache/ (its files are never seen)");
        assertEquals(2, filtered.get("pattern").getAsLong());
        assertEquals(0, filtered.get("size").getAsLong());
        assertEquals(0, run.skipped("total"), "filtered is not skipped");
        assertTrue(run.err().contains(tmp.resolve("cache") + ": filtered: --exclude 'cache/'"), run.err());
        assertTrue(run.err().contains(tmp.resolve("drop.o") + ": filtered: no --include matches"), run.err());
        assertEquals(1, DirdumpRun.of("--force", "--exclude", "cache/", tmp).err().lines().filter(l -> l.startsWith("  filtered: 1 ("))
                .count(), "the summary line for people");
    }

    /** An excluded directory is not even listed: one the user cannot read gives no error. */
    @Test
    void anExcludedDirectoryIsNeverOpened() throws Exception {
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        Trees.file(tmp.resolve("open/f"), 100, 1);
        Trees.file(tmp.resolve("sub/locked/inside"), 100, 2);
        Files.setPosixFilePermissions(tmp.resolve("open"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(tmp.resolve("open/f"), PosixFilePermissions.fromString("rw-r--r--"));
        Files.setPosixFilePermissions(tmp.resolve("sub"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(tmp.resolve("sub/locked"), PosixFilePermissions.fromString("---------"));
        try {
            DirdumpRun without = AsUser.nobody(() -> DirdumpRun.json("--force", tmp));
            assertEquals(1, without.status(), "the test needs a directory this user cannot list: " + without.err());
            for (String pattern : new String[] {"locked", "sub/locked/", "**/locked", "sub/*"}) {
                DirdumpRun run = AsUser.nobody(() -> DirdumpRun.json("--force", "--exclude", pattern, tmp));
                assertEquals(0, run.status(), pattern + ": " + run.err());
                assertEquals("", run.err(), pattern);
                assertEquals(1, run.count("files_read"), pattern);
            }
        } finally {
            Files.setPosixFilePermissions(tmp.resolve("sub/locked"), PosixFilePermissions.fromString("rwx------"));
        }
    }

    @Test
    void aFileGivenAsPathIsMatchedByItsPathAsGiven() throws Exception {
        Path log = Trees.file(tmp.resolve("a.log"), 10, 1);
        Path dat = Trees.file(tmp.resolve("a.dat"), 10, 2);
        assertEquals(List.of(dat.toString()), DirdumpRun.of("order", "--exclude", "*.log", log, dat).outLines());
    }

    @Test
    void badPatternsAreUsageErrors() {
        for (String[] bad : new String[][] {{"--include", "dir/"}, {"--exclude", "[abc"}, {"--include", ""}}) {
            DirdumpRun run = DirdumpRun.of(bad[0], bad[1], tmp);
            assertEquals(2, run.status(), String.join(" ", bad));
            assertTrue(run.err().startsWith("dirdump: " + bad[0] + " '" + bad[1] + "': "), run.err());
        }
    }
}
