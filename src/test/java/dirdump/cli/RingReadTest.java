package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dirdump.testing.AsUser;
import dirdump.testing.DirdumpRun;
import dirdump.testing.FaultFs;
import dirdump.testing.PageCache;
import dirdump.testing.SystemTests;
import dirdump.testing.Trees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads through a ring (--depth: io_uring, many files' reads in flight a reader) count what reads one
 * at a time count, on real files of every kind the read path tells apart; a file whose read fails is
 * one error; a ring the kernel refuses leaves the read as it was, said only with -v and in the JSON.
 */
class RingReadTest {
    private static final int MIB = 1 << 20;
    private static final Path IO_URING_DISABLED = Path.of("/proc/sys/kernel/io_uring_disabled");

    @TempDir
    Path tmp;

    /** Small files, an empty one, one sparse, one big (readers share it), one cached in part, one cached whole. */
    private List<Path> tree(Path set) throws Exception {
        List<Path> files = new ArrayList<>(Trees.randomTree(set.resolve("small"), 300, 40_000, 5));
        files.add(Files.write(set.resolve("empty"), new byte[0]));
        files.add(Trees.file(set.resolve("big"), 20 * MIB + 123, 6));
        files.add(Trees.file(set.resolve("partly"), 2 * MIB, 7));
        files.add(Trees.file(set.resolve("cached"), 300_000, 8));
        files.add(Trees.file(set.resolve("odd"), 256 * 1024 + 1, 9));  // a buffer and a byte: two reads
        int rc = Trees.sh(set, "truncate -s 40M sparse && dd if=/dev/urandom of=sparse bs=64k count=2 seek=100 "
                + "conv=notrunc status=none");
        assumeTrue(rc == 0, "cannot make a sparse file here");
        files.add(set.resolve("sparse"));
        Trees.sync(files);
        return files;
    }

    /** The read of {@code set} with {@code options}, from the same cache state each time. */
    private DirdumpRun readFromTheSameState(Path set, List<Path> files, String... options) throws Exception {
        PageCache.evict(files);
        PageCache.cacheOnly(set.resolve("partly"), 0, MIB);
        Files.readAllBytes(set.resolve("cached"));
        List<Object> args = new ArrayList<>(List.of((Object[]) options));
        args.add(set);
        return DirdumpRun.json(args.toArray());
    }

    private static void assertSameCounts(DirdumpRun expected, DirdumpRun actual) {
        assertEquals(expected.status(), actual.status(), actual.err());
        for (String field : List.of("files_read", "bytes_read", "holes", "cached_bytes_left", "errors")) {
            assertEquals(expected.count(field), actual.count(field), field + ": " + actual.out());
        }
        assertEquals(expected.summary().get("skipped"), actual.summary().get("skipped"));
    }

    @Test
    void aRingReadsWhatOneReadAtATimeReads() throws Exception {
        Path set = tmp.resolve("set");
        List<Path> files = tree(set);
        PageCache.retryIfDropped(() -> {
            DirdumpRun one = readFromTheSameState(set, files, "-j", "2", "--depth", "0");
            assertEquals(0, one.status(), one.err());
            assertEquals(0, one.count("depth"));
            assertEquals(files.size() - 1, one.count("files_read"), "all but the one cached");
            assertEquals(1, one.skipped("already_cached"));
            for (String depth : List.of("1", "3", "64")) {
                DirdumpRun ring = readFromTheSameState(set, files, "-j", "2", "--depth", depth);
                assertEquals(Integer.parseInt(depth), ring.count("depth"));
                assertSameCounts(one, ring);
            }
            DirdumpRun single = readFromTheSameState(set, files, "-j", "1", "--depth", "8");
            assertSameCounts(one, single);
            for (Path f : files) {
                if (!f.getFileName().toString().equals("sparse")) {
                    assertEquals((Files.size(f) + PageCache.PAGE - 1) / PageCache.PAGE, PageCache.residentPages(f),
                            f + " is all in the cache after the ring's read");
                }
            }
        });
    }

    /**
     * A big file whose open completes in the ring after the reader took the last file (alone, or last
     * of a few) is still shared and read, its chunks in the rings: every byte, once.
     */
    @Test
    void aBigFileOpenedInTheRingLastIsRead() throws Exception {
        Path alone = tmp.resolve("alone");
        Path few = tmp.resolve("few");
        Trees.file(alone.resolve("big"), 40 * MIB + 5, 1);
        List<Path> files = new ArrayList<>(Trees.randomTree(few, 5, 10_000, 2));
        files.add(Trees.file(few.resolve("zz-big"), 33 * MIB, 3));
        for (String readers : List.of("1", "2")) {
            DirdumpRun one = DirdumpRun.json("--force", "-j", readers, "--depth", "8", alone);
            assertEquals(0, one.status(), one.err());
            assertEquals(1, one.count("files_read"), one.out());
            assertEquals(40 * MIB + 5, one.count("bytes_read"), one.out());
            DirdumpRun last = DirdumpRun.json("--force", "-j", readers, "--depth", "8", "--order", "name", few);
            assertEquals(0, last.status(), last.err());
            assertEquals(files.size(), last.count("files_read"), last.out());
            assertEquals(Trees.totalSize(files), last.count("bytes_read"), last.out());
        }
    }

    @Test
    void theDefaultOnADiskThatDoesNotRotateIsARingAndReadsThatCannotUseOneReadOneAtATime() throws Exception {
        Path set = tmp.resolve("set");
        Trees.randomTree(set, 20, 10_000, 3);
        DirdumpRun auto = DirdumpRun.json("--force", set);
        assumeTrue(!auto.summary().has("jobs_reason"), "the temporary directory is on a rotating disk");
        assertEquals(dirdump.read.DefaultReaders.RING_DEPTH, auto.count("depth"), auto.out());
        assertEquals(dirdump.read.DefaultReaders.NON_ROTATING, auto.count("jobs"), auto.out());
        for (List<String> options : List.of(List.of("-j", "4"), List.of("--range", "0-4k"), List.of("--max-bytes", "1M"),
                List.of("--bwlimit", "1G"), List.of("--prefetch", "8"), List.of("--method", "willneed"))) {
            List<Object> args = new ArrayList<>(options);
            args.add("--force");
            args.add(set);
            DirdumpRun run = DirdumpRun.json(args.toArray());
            assertEquals(0, run.status(), run.err());
            assertEquals(0, run.count("depth"), options + ": " + run.out());
        }
    }

    @Test
    void aFileWhoseReadFailsInTheRingIsOneErrorAndTheRunGoesOn() throws Exception {
        try (FaultFs fs = FaultFs.mount(tmp.resolve("mnt"), FaultFs.normal("a", 300_000), FaultFs.eio("f", 2 * MIB, MIB),
                FaultFs.normal("small", 3000), FaultFs.normal("z", 300_000))) {
            DirdumpRun run = DirdumpRun.json("-j", "1", "--depth", "16", fs.dir());
            assertEquals(1, run.status(), run.err());
            assertEquals(16, run.count("depth"));
            assertEquals(3, run.count("files_read"), run.out());
            assertEquals(1, run.count("errors"));
            assertEquals(List.of("dirdump: " + fs.path("f") + ": Input/output error"),
                    run.err().lines().filter(l -> l.startsWith("dirdump: " + fs.dir())).toList(), run.err());
        }
    }

    /** kernel.io_uring_disabled=2 refuses every ring (EPERM), as Docker's default seccomp profile does. */
    @Test
    void aRingTheKernelRefusesLeavesTheReadAsItWasSaidOnlyWithVerboseAndInTheJson() throws Exception {
        SystemTests.assumeAllowed("sets kernel.io_uring_disabled to 2 for a moment");
        assumeTrue(AsUser.isRoot() && Files.isWritable(IO_URING_DISABLED), "needs root and Linux 6.6+");
        Path set = tmp.resolve("set");
        List<Path> files = Trees.randomTree(set, 50, 10_000, 4);
        String before = Files.readString(IO_URING_DISABLED).trim();
        Files.writeString(IO_URING_DISABLED, "2");
        try {
            DirdumpRun json = DirdumpRun.json("--force", "--depth", "32", set);
            assertEquals(0, json.status(), json.err());
            assertEquals(0, json.count("depth"));
            assertEquals(files.size(), json.count("files_read"));
            assertEquals("io_uring_setup: Operation not permitted", json.summary().get("ring_fallback_reason").getAsString());
            assertEquals("", json.err(), "silent but for the record");
            DirdumpRun plain = DirdumpRun.of("--force", set);
            assertFalse(plain.err().contains("io_uring"), plain.err());
            DirdumpRun verbose = DirdumpRun.of("--force", "-v", set);
            assertEquals(1, verbose.err().split("io_uring", -1).length - 1, verbose.err());
            DirdumpRun auto = DirdumpRun.json("--force", set);
            assertTrue(auto.count("jobs") > dirdump.read.DefaultReaders.NON_ROTATING, "one-read readers, as many "
                    + "as before rings: " + auto.out());
        } finally {
            Files.writeString(IO_URING_DISABLED, before);
        }
    }
}
