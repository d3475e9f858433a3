package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dirdump.outcome.Units;
import dirdump.testing.AsUser;
import dirdump.testing.DirdumpRun;
import dirdump.testing.PageCache;
import dirdump.testing.Trees;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StatusCommandTest {
    private static final int PAGE = 4096;
    /** The footer's first line, on stderr: file count, resident, pages, bytes, percent. */
    private static final Pattern TOTAL = Pattern.compile(
            "(?m)^dirdump: ([\\d,]+) files? measured: ([\\d,]+) of ([\\d,]+) pages \\((\\S+ \\S+)\\), (\\S+) % resident$");

    @TempDir
    Path tmp;

    private static long number(String text) {
        return Long.parseLong(text.replace(",", ""));
    }

    @Test
    void afterEvictionNoPageIsResidentAndAfterAReadEveryPageIs() throws Exception {
        List<Path> files = Trees.randomTree(tmp, 30, 50_000, 1);
        long pages = 0;
        for (Path f : files) {
            pages += (Files.size(f) + PAGE - 1) / PAGE;
        }
        long expectedPages = pages;
        PageCache.retryIfDropped(() -> {
            PageCache.evict(files);
            for (String method : new String[] {"auto", "cachestat", "mincore"}) {
                DirdumpRun cold = DirdumpRun.json("status", tmp, "--method", method);
                assertEquals(0, cold.status(), cold.err());
                assertEquals(files.size(), cold.count("files"), method);
                assertEquals(0, cold.count("pages_resident"), method);
                assertEquals(expectedPages, cold.count("pages"), method);
                assertEquals(0.0, cold.summary().get("percent").getAsDouble(), method);
                assertEquals(method.equals("mincore") ? "mincore" : "cachestat", cold.summary().get("method").getAsString());
            }
            assertEquals(0, DirdumpRun.of("-q", tmp).status());
            for (String method : new String[] {"cachestat", "mincore"}) {
                DirdumpRun warm = DirdumpRun.json("status", tmp, "--method", method);
                assertEquals(expectedPages, warm.count("pages_resident"), method);
                assertEquals(expectedPages * PAGE, warm.count("bytes_resident"), method);
                assertEquals(100.0, warm.summary().get("percent").getAsDouble(), method);
            }
        });
    }

    @Test
    void aFileNeitherOwnedNorWritableIsUnknownAndLeftOutOfTheTotal() throws Exception {
        assumeTrue(AsUser.isRoot(), "needs a file owned by another user; only root can make one");
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path theirs = Trees.file(tmp.resolve("theirs"), 5 * PAGE, 1);
        Path shared = Trees.file(tmp.resolve("shared"), 3 * PAGE, 2);
        Files.setPosixFilePermissions(theirs, PosixFilePermissions.fromString("rw-r--r--"));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rw-rw-rw-"));

        for (String method : new String[] {"auto", "cachestat", "mincore"}) {
            DirdumpRun json = AsUser.nobody(() -> DirdumpRun.json("status", "-v", tmp, "--method", method));
            assertEquals(0, json.status(), json.err());
            assertEquals(1, json.count("unknown_files"), method);
            assertEquals(1, json.count("files"), method + ": the writable one is measured");
            assertEquals(3, json.count("pages"), method + ": nothing of the unknown file in the total");
            for (JsonElement row : json.summary().getAsJsonArray("per_file")) {
                JsonObject r = row.getAsJsonObject();
                boolean isTheirs = r.get("path").getAsString().equals(theirs.toString());
                assertEquals(isTheirs, r.has("unknown"), method + " " + r);
                assertEquals(!isTheirs, r.has("pages_resident"), method + ": no number for an unknown file");
            }

            DirdumpRun human = AsUser.nobody(() -> DirdumpRun.of("status", "-v", tmp, "--method", method));
            assertTrue(human.out().matches("(?s).*\n +unknown +- +20KiB " + Pattern.quote(theirs.toString()) + "\n.*"),
                    human.out());
            assertTrue(human.err().contains("residency unknown: 1 file, not in the total"), human.err());
            assertTrue(human.err().startsWith("dirdump: 1 file measured: "), human.err());
        }
    }

    @Test
    void theJsonTotalsAreTheTableTotals() throws Exception {
        List<Path> files = Trees.randomTree(tmp, 60, 100_000, 2);
        PageCache.evict(files.subList(0, 20));
        PageCache.retryIfDropped(() -> {
            DirdumpRun human = DirdumpRun.of("status", tmp);
            DirdumpRun json = DirdumpRun.json("status", tmp);
            assertEquals("", human.out(), "without -v, stdout has no rows");
            Matcher total = TOTAL.matcher(human.err());
            assertTrue(total.find(), human.err());
            JsonObject s = json.summary();
            assertEquals(s.get("pages_resident").getAsLong(), number(total.group(2)));
            assertEquals(s.get("pages").getAsLong(), number(total.group(3)));
            assertEquals(dirdump.outcome.Units.bytes(s.get("bytes_resident").getAsLong()), total.group(4));
            assertEquals(String.format(java.util.Locale.ROOT, "%.1f", s.get("percent").getAsDouble()), total.group(5));
            assertEquals(s.get("files").getAsLong(), number(total.group(1)));
            assertEquals(60, s.get("files").getAsLong());
            assertTrue(human.err().contains(s.get("directories").getAsLong() + " directories; order none; residency by cachestat"),
                    human.err());
        });
    }

    /**
     * Files whose residency is known exactly: written, synced and evicted, then some whole pages
     * written again, which caches them without reading and so without readahead.
     */
    @Test
    void manyThreadsMeasureWhatOneDoes() throws Exception {
        assumeTrue(Runtime.getRuntime().availableProcessors() > 1,
                "one core: status measures with one thread either way, so there are not two ways to compare");
        List<Path> files = Trees.randomTree(tmp, 300, 50_000, 4);
        PageCache.evict(files.subList(0, 150));
        PageCache.retryIfDropped(() -> {
            JsonObject threads = DirdumpRun.json("status", tmp).summary();   // a thread per core
            JsonObject one = DirdumpRun.json("status", "-v", tmp).summary();  // -v: one, rows in order
            for (String field : new String[] {"files", "pages", "pages_resident", "bytes_resident", "unknown_files"}) {
                assertEquals(one.get(field), threads.get(field), field);
            }
            assertEquals(300, one.getAsJsonArray("per_file").size());
        });
    }

    @Test
    void statusAgreesPageForPageWithFincore() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/fincore")), "util-linux fincore is not installed");
        int[][] cachedPages = {{}, {0}, {1, 3, 5}, {0, 1, 2, 3, 4, 5, 6, 7}, {7}, {2, 100, 250}};
        int[] sizes = {3 * PAGE, 8 * PAGE, 8 * PAGE + 1, 8 * PAGE, 8 * PAGE - 100, 300 * PAGE};
        Map<String, Long> expected = new HashMap<>();
        for (int i = 0; i < sizes.length; i++) {
            Trees.file(tmp.resolve("f" + i), sizes[i], i);
            expected.put(tmp.resolve("f" + i).toString(), (long) cachedPages[i].length);
        }
        Trees.file(tmp.resolve("empty"), 0, 0);
        expected.put(tmp.resolve("empty").toString(), 0L);

        PageCache.retryIfDropped(() -> {
            for (int i = 0; i < sizes.length; i++) {
                Path f = tmp.resolve("f" + i);
                PageCache.evict(List.of(f));
                byte[] data = Files.readAllBytes(f);
                PageCache.evict(List.of(f));
                try (FileChannel c = FileChannel.open(f, StandardOpenOption.WRITE)) {
                    for (int page : cachedPages[i]) {
                        c.write(ByteBuffer.wrap(data, page * PAGE, Math.min(PAGE, data.length - page * PAGE)), (long) page * PAGE);
                    }
                }
            }
            Map<String, Long> fincore = new HashMap<>();
            for (String line : Trees.shOutput(tmp, "fincore --bytes --noheadings --raw -o PAGES,SIZE,FILE \"$PWD\"/*").split("\n")) {
                String[] cols = line.split(" ", 3);
                fincore.put(cols[2], Long.parseLong(cols[0]));
            }
            assertEquals(expected, fincore, "fincore sees what the test cached");
            for (String method : new String[] {"cachestat", "mincore"}) {
                DirdumpRun run = DirdumpRun.json("status", "-v", tmp, "--method", method);
                Map<String, Long> dirdump = new HashMap<>();
                for (JsonElement row : run.summary().getAsJsonArray("per_file")) {
                    JsonObject r = row.getAsJsonObject();
                    dirdump.put(r.get("path").getAsString(), r.get("pages_resident").getAsLong());
                    assertFalse(r.has("unknown"));
                }
                assertEquals(fincore, dirdump, method);
                assertEquals(fincore.values().stream().mapToLong(Long::longValue).sum(), run.count("pages_resident"), method);
            }
        });
    }

    @Test
    void quietPrintsNoTableAndAMissingPathIsExitTwo() throws Exception {
        Trees.file(tmp.resolve("a"), 100, 1);
        DirdumpRun quiet = DirdumpRun.of("status", "-q", tmp);
        assertEquals(0, quiet.status());
        assertEquals("", quiet.out() + quiet.err());
        DirdumpRun missing = DirdumpRun.of("status", tmp.resolve("missing"));
        assertEquals(2, missing.status());
        assertTrue(missing.err().contains("No such file or directory"), missing.err());
        assertEquals(2, DirdumpRun.of("status").status(), "PATH is required");
        assertEquals(2, DirdumpRun.of("status", tmp, "--method", "guess").status());
    }

    @Test
    void walkAndOutputOptionsBeforeStatusApplyToIt() throws Exception {
        Trees.file(tmp.resolve("a.h5"), 5000, 1);
        Trees.file(tmp.resolve("sub/b.h5"), 5000, 2);
        Trees.file(tmp.resolve("c.txt"), 5000, 3);
        DirdumpRun included = DirdumpRun.of("--json", "--include", "*.h5", "--max-depth", "1", "status", tmp);
        assertEquals(0, included.status(), included.err());
        assertEquals(1, included.count("files"), "a.h5: *.h5 at depth 1");
        DirdumpRun quiet = DirdumpRun.of("-q", "status", tmp);
        assertEquals(0, quiet.status());
        assertEquals("", quiet.err());
    }
}
