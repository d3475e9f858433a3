package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import dirdump.testing.DirdumpRun;
import dirdump.testing.PageCache;
import dirdump.testing.Trees;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file partly cached is read only where it is not; --range limits what is read; --max-bytes stops at its bound. */
class PartialWarmTest {
    private static final int MIB = 1 << 20;

    @TempDir
    Path tmp;

    @Test
    void aFileWithItsFirstHalfCachedIsReadOnlyInItsSecondHalf() throws Exception {
        Path f = Trees.file(tmp.resolve("set/half"), 8 * MIB, 1);
        PageCache.retryIfDropped(() -> {
            PageCache.cacheOnly(f, 0, 4 * MIB);
            assertEquals(1024, PageCache.residentPages(f));

            DirdumpRun run = DirdumpRun.json(tmp.resolve("set"));
            assertEquals(0, run.status(), run.err());
            assertEquals(1, run.count("files_read"));
            assertEquals(4 * MIB, run.count("bytes_read"), "only the half that was not cached");
            assertEquals(4 * MIB, run.count("cached_bytes_left"));
            assertEquals(50.0, run.pageCache("before").get("percent").getAsDouble());
            assertEquals(100.0, run.pageCache("after").get("percent").getAsDouble());
            assertEquals(2048, PageCache.residentPages(f));

            PageCache.cacheOnly(f, 0, 4 * MIB);
            DirdumpRun human = DirdumpRun.of("-v", tmp.resolve("set"));
            assertTrue(human.err().contains(f + " (4194304 bytes)"), human.err());
            assertTrue(human.err().contains("\n  cached: 4.0 MiB left alone, in the page cache already\n"), human.err());

            DirdumpRun forced = DirdumpRun.json("--force", tmp.resolve("set"));
            assertEquals(8 * MIB, forced.count("bytes_read"), "--force reads it all");
            assertEquals(0, forced.count("cached_bytes_left"));
        });
    }

    @Test
    void aFileCachedInItsMiddleIsReadAtBothEnds() throws Exception {
        Path f = Trees.file(tmp.resolve("set/middle"), 4 * MIB + 5000, 2);
        PageCache.retryIfDropped(() -> {
            PageCache.cacheOnly(f, MIB, 3 * MIB);
            DirdumpRun run = DirdumpRun.json(tmp.resolve("set"));
            assertEquals(0, run.status(), run.err());
            assertEquals(2 * MIB + 5000, run.count("bytes_read"));
            assertEquals(2 * MIB, run.count("cached_bytes_left"));
            assertEquals("0-" + ((4 * MIB + 5000) / 4096), PageCache.residentPageRanges(f));
        });
    }

    @Test
    void aBigFileSharedByTheReadersIsReadOnlyWhereItIsNotCached() throws Exception {
        Path f = Trees.file(tmp.resolve("set/big"), 40 * MIB, 9);
        PageCache.retryIfDropped(() -> {
            PageCache.cacheOnly(f, 8 * MIB, 16 * MIB);
            DirdumpRun run = DirdumpRun.json("-j", "4", tmp.resolve("set"));
            assertEquals(0, run.status(), run.err());
            assertEquals(1, run.count("files_read"));
            assertEquals(32 * MIB, run.count("bytes_read"), "in chunks of its two missing ranges, by four readers");
            assertEquals(8 * MIB, run.count("cached_bytes_left"));
            assertEquals("0-10239", PageCache.residentPageRanges(f));

            PageCache.evict(List.of(f));
            DirdumpRun bounded = DirdumpRun.json("-j", "4", "--max-bytes", "20M", tmp.resolve("set"));
            assertEquals(0, bounded.status(), bounded.err());
            assertEquals(20 * MIB, bounded.count("bytes_read"));
            assertEquals(0, bounded.count("files_read"), "cut short: its bytes count, the file does not");
            assertEquals(20 * MIB / 4096, PageCache.residentPages(f));
        });
    }

    @Test
    void maxBytesWithManyReadersCutsOneFileAndTheSummaryNamesIt() throws Exception {
        Path set = tmp.resolve("many");
        List<Path> files = new java.util.ArrayList<>();
        for (int i = 0; i < 200; i++) {
            files.add(Trees.file(set.resolve(String.format("f%03d", i)), 100_000, i));
        }
        Trees.sync(files);
        long pagesEach = (100_000 + 4095) / 4096;
        PageCache.retryIfDropped(() -> {
            for (int round = 0; round < 3; round++) {
                PageCache.evict(files);
                DirdumpRun run = DirdumpRun.json("-j", "64", "--max-bytes", "3M", set);
                assertEquals(0, run.status(), run.err());
                assertEquals(3 * MIB, run.count("bytes_read"));
                assertEquals(3 * MIB / 100_000, run.count("files_read"), "the files read whole: all but the cut one");
                List<Path> part = new java.util.ArrayList<>();
                for (Path f : files) {
                    long resident = PageCache.residentPages(f);
                    if (resident > 0 && resident < pagesEach) {
                        part.add(f);
                    }
                }
                assertEquals(1, part.size(), "one file part-read, not " + part);
                JsonObject cut = run.summary().getAsJsonObject("max_bytes").getAsJsonObject("part_read");
                assertEquals(part.get(0).toString(), cut.get("path").getAsString());
                assertEquals(3 * MIB % 100_000, cut.get("bytes").getAsLong());
                assertEquals(100_000, cut.get("size").getAsLong());
            }
            PageCache.evict(files);
            DirdumpRun human = DirdumpRun.of("-j", "64", "--max-bytes", "3M", set);
            assertEquals(0, human.status(), human.err());
            String said = human.err().replaceAll("(?s).*\n(  stopped at --max-bytes)", "$1");
            assertTrue(said.matches("  stopped at --max-bytes 3\\.0 MiB \\(3,145,728 bytes brought in\\)\n"
                    + "    the files after were not read; of the last, 44\\.7 KiB of 97\\.7 KiB:\n"
                    + "    " + set + "/f\\d{3}\n(?s).*"), human.err());
        });
    }

    @Test
    void willneedAdvisesOnlyWhatIsMissing() throws Exception {
        Path f = Trees.file(tmp.resolve("set/half"), 8 * MIB, 10);
        PageCache.retryIfDropped(() -> {
            PageCache.cacheOnly(f, 0, 4 * MIB);
            DirdumpRun run = DirdumpRun.json("--method", "willneed", tmp.resolve("set"));
            assertEquals(0, run.status(), run.err());
            assertEquals(4 * MIB, run.count("bytes_read"), "the bytes advised");
            assertEquals(4 * MIB, run.count("cached_bytes_left"));

            PageCache.evict(List.of(f));
            DirdumpRun bounded = DirdumpRun.json("--method", "willneed", "--max-bytes", "3M", tmp.resolve("set"));
            assertEquals(3 * MIB, bounded.count("bytes_read"));
            JsonObject bound = bounded.summary().getAsJsonObject("max_bytes");
            assertTrue(bound.get("reached").getAsBoolean());
            assertEquals(f.toString(), bound.getAsJsonObject("part_read").get("path").getAsString());
            assertEquals(3 * MIB, bound.getAsJsonObject("part_read").get("bytes").getAsLong());
        });
    }

    @Test
    void ofASparseFilePartlyCachedOnlyTheDataNotCachedIsRead() throws Exception {
        Path f = tmp.resolve("set/sparse");
        Files.createDirectories(f.getParent());
        try (FileChannel c = FileChannel.open(f, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            c.write(ByteBuffer.wrap(new byte[MIB]), 0);
            c.write(ByteBuffer.wrap(new byte[MIB]), 63 * MIB);
        }
        PageCache.retryIfDropped(() -> {
            PageCache.evict(List.of(f));
            try (FileChannel c = FileChannel.open(f, StandardOpenOption.WRITE)) {
                c.write(ByteBuffer.wrap(new byte[MIB]), 0);  // its first data cached, by writing it
            }
            DirdumpRun run = DirdumpRun.json(tmp.resolve("set"));
            assertEquals(0, run.status(), run.err());
            assertEquals(MIB, run.count("bytes_read"), "its other data, not its holes");
            assertEquals(62 * MIB, run.count("holes"));
            assertEquals(MIB, run.count("cached_bytes_left"));
        });
    }

    @Test
    void rangeReadsOnlyThatPartOfEachFile() throws Exception {
        Path big = Trees.file(tmp.resolve("set/big"), 32 * MIB, 3);
        Path small = Trees.file(tmp.resolve("set/small"), 100_000, 4);
        List<Path> files = List.of(big, small);
        PageCache.retryIfDropped(() -> {
            PageCache.evict(files);
            DirdumpRun first = DirdumpRun.json("--range", "0-1M", tmp.resolve("set"));
            assertEquals(0, first.status(), first.err());
            assertEquals(MIB + 100_000, first.count("bytes_read"), "the first MiB of each (all of the small one)");
            assertEquals("0-255", PageCache.residentPageRanges(big), "that MiB and no read-ahead beyond it");
            assertEquals("0-1048576", first.summary().getAsJsonObject("settings").get("range").getAsString());

            PageCache.evict(files);
            DirdumpRun last = DirdumpRun.json("--range", "-4M", tmp.resolve("set"));
            assertEquals(4 * MIB + 100_000, last.count("bytes_read"));
            assertEquals("7168-8191", PageCache.residentPageRanges(big));

            DirdumpRun from = DirdumpRun.json("--range", "30M-", tmp.resolve("set"));
            assertEquals(0, from.count("bytes_read"), "the last 2 MiB are cached already, the small file has no byte there");
            assertEquals(2 * MIB, from.count("cached_bytes_left"));
        });
    }

    @Test
    void maxBytesStopsAtTheBoundAndExitsZero() throws Exception {
        List<Path> files = List.of(Trees.file(tmp.resolve("set/a"), 4 * MIB, 5),
                Trees.file(tmp.resolve("set/b"), 4 * MIB, 6), Trees.file(tmp.resolve("set/c"), 4 * MIB, 7));
        PageCache.retryIfDropped(() -> {
            PageCache.evict(files);
            DirdumpRun run = DirdumpRun.json("--max-bytes", "5M", tmp.resolve("set"));
            assertEquals(0, run.status(), "the bound is what was asked: " + run.err());
            assertEquals(5 * MIB, run.count("bytes_read"), "exactly the bound: the last read is cut to it");
            JsonObject bound = run.summary().getAsJsonObject("max_bytes");
            assertTrue(bound.get("reached").getAsBoolean());
            assertEquals(5 * MIB, bound.get("bound").getAsLong());
            long resident = 0;
            for (Path f : files) {
                resident += PageCache.residentPages(f);
            }
            assertEquals(5 * MIB / 4096, resident, "what was read, and no read-ahead beyond it");

            DirdumpRun human = DirdumpRun.of("--max-bytes", "100M", tmp.resolve("set"));
            assertEquals(0, human.status(), human.err());
            assertTrue(human.err().contains("read 2 files, 7.0 MiB"),
                    "the rest, under a bound not reached: the one file cut short, and the one not started " + human.err());
            assertTrue(!human.err().contains("stopped at"), human.err());
        });
    }

    /**
     * auto: the bound is the room the memory there is leaves, less the page cache it counted as free
     * and what it sets aside for the readers' buffers and dirdump's own memory, said in the
     * summary and the record (here, outside a limited cgroup, a set far smaller: read whole; in one,
     * MemoryCgroupIT).
     */
    @Test
    void maxBytesAutoIsTheRoomLessTheBuffersAndSaysWhy() throws Exception {
        List<Path> files = List.of(Trees.file(tmp.resolve("set/a"), 4 * MIB, 5), Trees.file(tmp.resolve("set/b"), 4 * MIB, 6));
        PageCache.retryIfDropped(() -> {
            PageCache.evict(files);
            DirdumpRun run = DirdumpRun.json("--max-bytes", "auto", tmp.resolve("set"));
            assertEquals(0, run.status(), run.err());
            assertEquals(8 * MIB, run.count("bytes_read"));
            assertEquals("auto", run.summary().getAsJsonObject("settings").get("max_bytes").getAsString());
            JsonObject bound = run.summary().getAsJsonObject("max_bytes");
            assertFalse(bound.get("reached").getAsBoolean());
            JsonObject auto = bound.getAsJsonObject("auto");
            long room = auto.get("room").getAsLong();
            long setAside = auto.get("set_aside").getAsLong();
            assertTrue(setAside > run.count("jobs") * run.count("buffer_size"), "the buffers and more: " + auto);
            assertEquals(room - Math.min(room, auto.get("page_cache").getAsLong()) - setAside, bound.get("bound").getAsLong());
            assertTrue(auto.get("why").getAsString().matches("MemAvailable|the limit of .*memory cgroup.*"), auto.toString());

            DirdumpRun human = DirdumpRun.of("--max-bytes", "AUTO", "--force", tmp.resolve("set"));
            assertEquals(0, human.status(), human.err());
            assertTrue(Pattern.compile("(?m)^  --max-bytes auto: \\d+\\.\\d [KMGT]iB, of the \\d+\\.\\d [KMGT]iB the page "
                    + "cache can hold \\((MemAvailable|the limit of .*)\\), less the \\d+\\.\\d [KMGT]iB of page cache there "
                    + "already and \\d+\\.\\d [KMGT]iB for the readers' buffers and dirdump's own memory$")
                    .matcher(DirdumpRun.unwrapped(human.err())).find(), human.err());
        });
    }

    @Test
    void badRangesAndBoundsAreUsageErrors() throws Exception {
        Path dir = tmp.resolve("set");
        Trees.file(dir.resolve("a"), 10, 1);
        usageError("dirdump: Invalid value for option '--range': '5M-1M': START must be less than END (END is not read: "
                + "0-1M is the first MiB)", "--range", "5M-1M", dir);
        usageError("dirdump: Invalid value for option '--range': 'x' is not a range: give START-END, -SIZE (the last "
                + "SIZE bytes) or START- (from START on), as 0-1G, -4M, 4M-", "--range", "x", dir);
        usageError("dirdump: Invalid value for option '--range': '1M-2M-3M' is not a range: give START-END, -SIZE (the "
                + "last SIZE bytes) or START- (from START on), as 0-1G, -4M, 4M-", "--range", "1M-2M-3M", dir);
        usageError("dirdump: Invalid value for option '--range': '1M-1M': START must be less than END (END is not "
                + "read: 0-1M is the first MiB)", "--range", "1M-1M", dir);
        usageError("dirdump: Invalid value for option '--range': '1Q-': '1Q' is not a size (examples: 65536, 64k, 1M, 1MiB)",
                "--range", "1Q-", dir);
        usageError("dirdump: --max-bytes must be more than 0", "--max-bytes", "0", dir);
        usageError("dirdump: Invalid value for option '--max-bytes': 'lots' is not a size (examples: 65536, 64k, 1M, "
                + "1MiB) or auto", "--max-bytes", "lots", dir);
    }

    static void usageError(String expected, Object... args) {
        DirdumpRun run = DirdumpRun.of(args);
        assertEquals(2, run.status(), run.err());
        assertEquals(expected, run.err().split("\n")[0], run.err());
        assertEquals("", run.out());
    }
}
