package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import dirdump.testing.DirdumpRun;
import dirdump.testing.PageCache;
import dirdump.testing.Trees;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** status --save records the resident pages; --replay brings exactly those back, and says what is gone. */
class SnapshotReplayTest {
    private static final int MIB = 1 << 20;

    @TempDir
    Path tmp;

    @Test
    void saveEvictAndReplayRestoreTheSameRanges() throws Exception {
        Path set = tmp.resolve("set");
        Path all = Trees.file(set.resolve("all"), MIB, 1);
        Path half = Trees.file(set.resolve("half"), 4 * MIB, 2);
        Path middle = Trees.file(set.resolve("sub/middle"), 4 * MIB + 5000, 3);
        Path cold = Trees.file(set.resolve("sub/cold"), MIB, 4);
        Path gone = Trees.file(set.resolve("gone"), MIB, 5);
        Path grown = Trees.file(set.resolve("grown"), 2 * MIB, 6);
        Path snapshot = tmp.resolve("set.snapshot");
        List<Path> files = List.of(all, half, middle, cold, gone, grown);
        PageCache.retryIfDropped(() -> {
            PageCache.evict(files);
            PageCache.cacheOnly(all, 0, MIB);
            PageCache.cacheOnly(half, 0, 2 * MIB);
            PageCache.cacheOnly(middle, MIB, 3 * MIB);
            PageCache.cacheOnly(gone, 0, MIB);
            PageCache.cacheOnly(grown, 0, MIB);
            Map<Path, String> saved = new LinkedHashMap<>();
            for (Path f : files) {
                saved.put(f, PageCache.residentPageRanges(f));
            }
            assertEquals("256-767", saved.get(middle));

            DirdumpRun save = DirdumpRun.of("status", "--save", snapshot, set);
            assertEquals(0, save.status(), save.err());
            assertTrue(save.err().contains("dirdump: " + snapshot + ": saved the resident pages of 5 files\n"), save.err());

            PageCache.evict(files);
            Files.delete(gone);
            Files.write(grown, new byte[MIB], StandardOpenOption.APPEND);
            PageCache.evict(List.of(grown));

            DirdumpRun replay = DirdumpRun.json("-v", "--replay", snapshot);
            assertEquals(0, replay.status(), "a file gone since is no failure: " + replay.err());
            assertEquals(1, replay.skipped("gone"));
            JsonObject r = replay.summary().getAsJsonObject("replay");
            assertEquals(5, r.get("files").getAsLong());
            assertEquals(1, r.get("gone").getAsLong());
            assertEquals(1, r.get("changed").getAsLong());
            assertEquals((MIB + 2 * MIB + 2 * MIB + MIB + MIB), r.get("resident_bytes").getAsLong());
            assertEquals(MIB + 2 * MIB + 2 * MIB + MIB, replay.count("bytes_read"), "the saved ranges of the files there");
            assertTrue(replay.err().contains(gone + ": skipped: no longer exists\n"), replay.err());
            assertTrue(replay.err().contains(grown + ": changed since the snapshot; its saved ranges within it are warmed\n"),
                    replay.err());
            for (Path f : List.of(all, half, middle, cold, grown)) {
                assertEquals(saved.get(f), PageCache.residentPageRanges(f), f + ": as saved");
            }

            DirdumpRun again = DirdumpRun.json("--replay", snapshot);
            assertEquals(0, again.status(), again.err());
            assertEquals(0, again.count("bytes_read"), "what is cached is left alone");
            assertEquals(4, again.skipped("already_cached"));
            DirdumpRun human = DirdumpRun.of("--replay", snapshot);
            assertTrue(human.err().contains("\n  replay: " + snapshot + ": 5 files, 7.0 MiB resident when saved; 1 no longer "
                    + "exists, 1 changed since\n"), human.err());
        });
    }

    @Test
    void aSnapshotGoesThroughAPipe() throws Exception {
        Path f = Trees.file(tmp.resolve("set/f"), 2 * MIB, 7);
        PageCache.retryIfDropped(() -> {
            PageCache.cacheOnly(f, MIB, 2 * MIB);
            DirdumpRun save = DirdumpRun.of("status", "--save", "-", tmp.resolve("set"));
            assertEquals(0, save.status(), save.err());
            assertTrue(new String(save.outBytes(), StandardCharsets.ISO_8859_1).startsWith("dirdump-snapshot\n"));
            PageCache.evict(List.of(f));
            DirdumpRun replay = DirdumpRun.withInput(save.outBytes(), "--replay", "-", "--json");
            assertEquals(0, replay.status(), replay.err());
            assertEquals(MIB, replay.count("bytes_read"));
            assertEquals("256-511", PageCache.residentPageRanges(f));
        });
    }

    @Test
    void aSnapshotThatCannotBeReadIsRefusedInOneLine() throws Exception {
        Path f = Trees.file(tmp.resolve("set/f"), MIB, 8);
        Path good = tmp.resolve("good");
        PageCache.cacheOnly(f, 0, MIB);
        assertEquals(0, DirdumpRun.of("status", "--save", good, tmp.resolve("set")).status());
        byte[] bytes = Files.readAllBytes(good);

        refused("--replay " + tmp.resolve("nothing") + ": No such file or directory", tmp.resolve("nothing"));
        Path junk = Files.write(tmp.resolve("junk"), "a list of names\n".repeat(4).getBytes(StandardCharsets.US_ASCII));
        refused("--replay " + junk + ": not a dirdump snapshot (it begins with no \"dirdump-snapshot\" line)", junk);
        byte[] newer = bytes.clone();
        ByteBuffer.wrap(newer).putInt(17, 2);
        refused("--replay " + tmp.resolve("newer") + ": snapshot format version 2; this dirdump reads version 1",
                Files.write(tmp.resolve("newer"), newer));
        refused("--replay " + tmp.resolve("cut") + ": truncated: it ends before its end record",
                Files.write(tmp.resolve("cut"), Arrays.copyOf(bytes, bytes.length - 9)));
        byte[] more = Arrays.copyOf(bytes, bytes.length + 1);
        refused("--replay " + tmp.resolve("more") + ": corrupt: bytes after its end record",
                Files.write(tmp.resolve("more"), more));
        byte[] wrongCount = bytes.clone();
        ByteBuffer.wrap(wrongCount).putLong(bytes.length - 8, 7);
        refused("--replay " + tmp.resolve("count") + ": corrupt: 1 files, and its end says 7",
                Files.write(tmp.resolve("count"), wrongCount));
        byte[] badRecord = bytes.clone();
        badRecord[25] = 'X';
        refused("--replay " + tmp.resolve("record") + ": corrupt: a record of type 0x58 after 0 files",
                Files.write(tmp.resolve("record"), badRecord));
    }

    @Test
    void replayAndSaveRefuseWhatContradictsThem() throws Exception {
        Path dir = tmp.resolve("set");
        Trees.file(dir.resolve("f"), 10, 1);
        Path snapshot = tmp.resolve("s");
        assertEquals(0, DirdumpRun.of("status", "-q", "--save", snapshot, dir).status());
        PartialWarmTest.usageError("dirdump: --replay takes no PATHs: the snapshot names the files and their pages",
                "--replay", snapshot, dir);
        PartialWarmTest.usageError("dirdump: --replay takes no --range: the snapshot names the files and their pages",
                "--replay", snapshot, "--range", "0-1M");
        PartialWarmTest.usageError("dirdump: --save - and -v would both write to standard output: save into a FILE",
                "status", "-v", "--save", "-", dir);
        PartialWarmTest.usageError("dirdump: --save - and --json would both write to standard output: save into a FILE",
                "status", "--json", "--save", "-", dir);
        PartialWarmTest.usageError("dirdump: --save " + tmp.resolve("no/s") + ": No such file or directory",
                "status", "--save", tmp.resolve("no/s"), dir);
        // The snapshot is renamed over FILE: over a FIFO or a device (/dev/full) it would replace the node.
        Path fifo = tmp.resolve("fifo");
        assertEquals(0, Trees.sh(tmp, "mkfifo fifo"));
        PartialWarmTest.usageError("dirdump: --save " + fifo + ": not a regular file, which would be replaced (to write "
                + "into it: --save - > FILE)", "status", "--save", fifo, dir);
        assertTrue(Files.readAttributes(fifo, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isOther(),
                "the FIFO is still one");
        PartialWarmTest.usageError("dirdump: --save " + dir + ": Is a directory", "status", "--save", dir, dir);
        try (var left = Files.list(tmp)) {
            assertEquals(List.of("fifo", "s", "set"), left.map(p -> p.getFileName().toString()).sorted().toList(),
                    "no temporary file left beside it");
        }
    }

    private static void refused(String expected, Path snapshot) throws IOException {
        DirdumpRun run = DirdumpRun.of("--replay", snapshot);
        assertEquals(2, run.status(), run.err());
        assertEquals("dirdump: " + expected, run.err().split("\n")[0], run.err());
    }
}
