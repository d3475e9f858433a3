package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.testing.DirdumpRun;
import dirdump.testing.Trees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --min-size and --max-size: both bounds included; the read and dirdump order keep the same files. */
class SizeFilterTest {
    @TempDir
    Path tmp;

    private static Set<String> names(List<String> paths) {
        Set<String> names = new TreeSet<>();
        paths.forEach(p -> names.add(Path.of(p).getFileName().toString()));
        return names;
    }

    @Test
    void boundsAreInclusiveAndTheReadAndOrderAgree() throws Exception {
        for (int size : new int[] {0, 99, 100, 101, 1023, 1024, 1025}) {
            Trees.file(tmp.resolve("d" + size % 3 + "/s" + size), size, size);
        }
        String[] range = {"--min-size", "100", "--max-size", "1k"};
        DirdumpRun read = DirdumpRun.json("--force", "-j", 1, "-v", range[0], range[1], range[2], range[3], tmp);
        assertEquals(0, read.status(), read.err());
        assertEquals(Set.of("s100", "s101", "s1023", "s1024"), names(read.readOrder()));
        assertEquals(100 + 101 + 1023 + 1024, read.count("bytes_read"));
        assertEquals(3, read.summary().getAsJsonObject("filtered").get("size").getAsLong());
        assertTrue(read.err().contains("/s1025: filtered: 1025 bytes, over --max-size"), read.err());
        assertTrue(read.err().contains("/s99: filtered: 99 bytes, under --min-size"), read.err());
        for (String order : new String[] {"inode", "none", "name", "physical"}) {
            assertEquals(DirdumpRun.of("--force", "-j", 1, "-v", "--order=" + order, range[0], range[1], range[2], range[3], tmp)
                    .readOrder(), DirdumpRun.of("order", "--order=" + order, range[0], range[1], range[2], range[3], tmp)
                    .outLines(), order);
        }
        assertEquals(Set.of("s0"), names(DirdumpRun.of("order", "--max-size", "0", tmp).outLines()));
        assertEquals(Set.of("s1024", "s1025"), names(DirdumpRun.of("order", "--min-size", "1KiB", tmp).outLines()));
        assertEquals(7, DirdumpRun.of("order", "--max-size", "8T", tmp).outLines().size(), "sizes beyond a buffer's 1 GiB");
    }

    @Test
    void aFileOfTwoNamesIsSizedOnceItsSecondNameADuplicateAsWithoutABound() throws Exception {
        Path big = Trees.file(tmp.resolve("a/big"), 2000, 1);
        Files.createDirectories(tmp.resolve("b"));
        Files.createLink(tmp.resolve("b/link"), big);
        Trees.file(tmp.resolve("a/small"), 10, 2);
        DirdumpRun run = DirdumpRun.json("--force", "-j", 1, "-v", "--max-size", "1k", tmp);
        assertEquals(0, run.status(), run.err());
        assertEquals(10, run.count("bytes_read"));
        assertEquals(1, run.skipped("duplicate"), run.err());
        assertEquals(1, run.summary().getAsJsonObject("filtered").get("size").getAsLong(), run.err());
        List<String> lines = List.of(run.err().split("\n"));
        int duplicate = lines.indexOf(lines.stream().filter(l -> l.contains(": skipped: already listed")).findFirst().orElseThrow());
        int filtered = lines.indexOf(lines.stream().filter(l -> l.endsWith(": filtered: 2000 bytes, over --max-size"))
                .findFirst().orElseThrow());
        assertTrue(duplicate < filtered, "second names are told first, then sizes: " + run.err());
    }

    @Test
    void anEmptyRangeIsAUsageError() {
        DirdumpRun run = DirdumpRun.of("--force", "--min-size", "2k", "--max-size", "1k", tmp);
        assertEquals(2, run.status());
        assertTrue(run.err().contains("--min-size is larger than --max-size"), run.err());
        assertEquals(2, DirdumpRun.of("order", "--min-size", "-1", tmp).status());
    }
}
