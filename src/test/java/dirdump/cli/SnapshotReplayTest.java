package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import dirdump.testing.DirdumpRun;
import dirdump.testing.PageCache;
import dirdump.testing.SnapshotBytes;
import dirdump.testing.Tmpfs;
import dirdump.testing.Trees;
import java.io.IOException;
import java.io.RandomAccessFile;
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
import java.util.Locale;
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
            // Made again on each attempt: an attempt ended by reclaim may have deleted one and grown the other.
            Trees.file(gone, MIB, 5);
            Trees.file(grown, 2 * MIB, 6);
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
            assertTrue(human.errUnwrapped().contains("\n  replay: " + snapshot + ": 5 files, 7.0 MiB resident when saved; 1 no longer "
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

    /** The snapshots of 79 bytes or so that claimed 2^30, 2^28 and 2^31 ranges, and an end of 2^64-1. */
    @Test
    void countsAreCheckedAgainstTheBytesLeft() throws Exception {
        for (long k : new long[] {1L << 30, 1L << 28, 1L << 31}) {
            SnapshotBytes s = SnapshotBytes.header(4096).root(tmp.toString()).u8('F').u32(1).raw(new byte[] {'f'})
                    .u64(1L << 42).u64(0).u32(k);
            if (k != 1L << 31) {
                s.u64(0).u64(1);  // one range of the k, as in the issue; 2^31 had none present
            }
            Path snapshot = Files.write(tmp.resolve("claims-" + k), s.end(1).bytes());
            refused(String.format(Locale.ROOT, "--replay %s: truncated: it ends before its end record (file 1 has %,d "
                    + "ranges, and %d bytes are left)", snapshot, k, k == 1L << 31 ? 9 : 25), snapshot);
        }
        Path name = Files.write(tmp.resolve("name"),
                SnapshotBytes.header(4096).root(tmp.toString()).u8('F').u32(1 << 20).end(0).bytes());
        refused("--replay " + name + ": truncated: it ends before its end record (a name of 1,048,576 bytes, and 9 bytes "
                + "are left)", name);
        Path end = Files.write(tmp.resolve("end"), SnapshotBytes.header(4096).root(tmp.toString()).end(-1).bytes());
        refused("--replay " + end + ": corrupt: 0 files, and its end says 18,446,744,073,709,551,615", end);
    }

    /**
     * A record whose bytes are all there but cannot be replayed (a size no file has, ranges beyond its
     * size, a name longer than a replay takes, or its root and name together) is refused on its own,
     * one line each: the records beside it are replayed. The long name is the bound's own, one byte over.
     */
    @Test
    void aRecordThatCannotBeReplayedIsRefusedAloneAndTheRestReplayed() throws Exception {
        Path tree = tmp.resolve("tree");
        Trees.file(tree.resolve("good"), 8192, 1);
        int longest = dirdump.scan.PathListReader.LONGEST;
        byte[] overlong = "n".repeat(longest - tree.toString().length()).getBytes(StandardCharsets.US_ASCII);
        byte[] longRoot = ("/" + "r".repeat(longest)).getBytes(StandardCharsets.US_ASCII);
        byte[] snapshot = SnapshotBytes.header(4096).root(tree.toString())
                .file("f", -2, 0, 1)
                .file("g", 8192, 1, 2)
                .file(overlong, 10, 0, 0, 1)
                .file("good", 8192, 0, 2)
                .root(longRoot).file("h", 10, 0, 1)
                .end(5).bytes();
        Path s = Files.write(tmp.resolve("s"), snapshot);
        DirdumpRun replay = DirdumpRun.json("--replay", s, "--force");
        assertEquals(1, replay.status(), replay.err());
        String prefix = "dirdump: --replay " + s + ": file record ";
        assertEquals(List.of(
                prefix + "1: its name \"f\" comes with a size of 18,446,744,073,709,551,614 bytes, which no file has; "
                        + "not read",
                prefix + "2: its name \"g\" comes with 2 pages from page 1, out of order or beyond the file's 2 pages; "
                        + "not read",
                prefix + String.format(Locale.ROOT, "3: its name \"%s\" (its first bytes) of %,d bytes below a root of "
                        + "%,d bytes is longer than the 16 MiB a name may have; not read", "n".repeat(64),
                        overlong.length, tree.toString().length()),
                prefix + String.format(Locale.ROOT, "5: its name \"h\" of 1 byte below a root of %,d bytes is longer "
                        + "than the 16 MiB a name may have; not read", longRoot.length)),
                Arrays.asList(replay.err().split("\n")));
        assertEquals(4, replay.summary().getAsJsonObject("replay").get("refused").getAsLong());
        assertEquals(4, replay.count("errors"));
        assertEquals(1, replay.count("files_read"));
        assertEquals(8192, replay.count("bytes_read"));
    }

    /** Any user can make a sparse file of 2^63-1 bytes on tmpfs: it is saved and replayed, and the rest with it. */
    @Test
    void aFileOfTwoToTheSixtyThreeBytesIsSavedAndReplayed() throws Exception {
        try (Tmpfs shm = Tmpfs.create(tmp)) {
            Path set = Files.createDirectories(shm.dir().resolve("set"));
            Trees.file(set.resolve("small"), 10_000, 1);
            try (RandomAccessFile f = new RandomAccessFile(set.resolve("huge").toFile(), "rw")) {
                f.write(new byte[4096]);  // one page of data, resident (tmpfs keeps it in the page cache)
                f.setLength(Long.MAX_VALUE);
            }
            Path snapshot = tmp.resolve("huge.snapshot");
            DirdumpRun save = DirdumpRun.of("status", "--save", snapshot, set);
            assertEquals(0, save.status(), save.err());
            assertTrue(save.err().contains("saved the resident pages of 2 files"), save.err());
            DirdumpRun replay = DirdumpRun.json("--replay", snapshot);
            assertEquals(0, replay.status(), replay.err());
            JsonObject r = replay.summary().getAsJsonObject("replay");
            assertEquals(2, r.get("files").getAsLong());
            assertEquals(4096 + 12288, r.get("resident_bytes").getAsLong(), "a page of the huge file, 3 of the small");
        }
    }

    /**
     * Names that could lead out of their root, or are no names, are refused each, counted and told: the
     * good entries beside them are replayed. (That /etc/passwd is not even opened: SnapshotRootSafetyIT.)
     */
    @Test
    void namesOutOfTheirRootAreRefusedOneByOne() throws Exception {
        Path tree = tmp.resolve("tree");
        Path good = Trees.file(tree.resolve("good"), 8192, 1);
        byte[] snapshot = SnapshotBytes.header(4096).root(tree.toString())
                .file("../../../../../../etc/passwd", 10, 0, 1)
                .file("/etc/passwd", 10, 0, 1)
                .file("sub/../../tree/good", 8192, 0, 2)
                .file("good\0/etc/passwd", 10, 0, 1)
                .file("", 10, 0, 1)
                .file("good", 8192, 0, 2)
                .root("").file("", 10, 0, 1)
                .end(7).bytes();
        Path s = Files.write(tmp.resolve("s"), snapshot);
        DirdumpRun replay = DirdumpRun.json("--replay", s, "--force");
        assertEquals(1, replay.status(), "a refused record is an error of the replay: " + replay.err());
        assertEquals(List.of(
                "dirdump: --replay " + s + ": file record 1: its name \"../../../../../../etc/passwd\" has a \"..\" step, "
                        + "which could lead out of its root; not read",
                "dirdump: --replay " + s + ": file record 2: its name \"/etc/passwd\" starts with a slash: it is to lie "
                        + "below its root; not read",
                "dirdump: --replay " + s + ": file record 3: its name \"sub/../../tree/good\" has a \"..\" step, which "
                        + "could lead out of its root; not read",
                "dirdump: --replay " + s + ": file record 4: its name \"good\\x00/etc/passwd\" has a NUL byte, which no file "
                        + "name has; not read",
                "dirdump: --replay " + s + ": file record 5: its name \"\" is empty; not read",
                "dirdump: --replay " + s + ": file record 7: its name \"\" is empty; not read"),
                Arrays.asList(replay.err().split("\n")));
        JsonObject r = replay.summary().getAsJsonObject("replay");
        assertEquals(7, r.get("files").getAsLong(), "every record is counted, the empty ones too");
        assertEquals(6, r.get("refused").getAsLong());
        assertEquals(6, replay.count("errors"));
        assertEquals(1, replay.count("files_read"), "only " + good);
        assertEquals(8192, replay.count("bytes_read"));
        DirdumpRun human = DirdumpRun.of("--replay", s, "--force");
        assertTrue(human.errUnwrapped().contains(": 7 files, 8.0 KiB resident when saved; 0 no longer exist, 0 changed since, 6 "
                + "refused\n"), human.err());
    }

    private static void refused(String expected, Path snapshot) throws IOException {
        DirdumpRun run = DirdumpRun.of("--replay", snapshot);
        assertEquals(2, run.status(), run.err());
        assertEquals("dirdump: " + expected, run.err().split("\n")[0], run.err());
    }
}
