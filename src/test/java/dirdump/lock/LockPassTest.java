package dirdump.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dirdump.order.LocateMethod;
import dirdump.order.Order;
import dirdump.order.OrderSettings;
import dirdump.order.Orderer;
import dirdump.outcome.Reporter;
import dirdump.outcome.StopRequest;
import dirdump.outcome.Tally;
import dirdump.outcome.Units;
import dirdump.report.StderrReporter;
import dirdump.scan.PathFilter;
import dirdump.scan.UniqueFiles;
import dirdump.scan.WalkResult;
import dirdump.scan.WalkSettings;
import dirdump.scan.Walker;
import dirdump.sys.AvailableMemory;
import dirdump.sys.LockLimits;
import dirdump.sys.Os;
import dirdump.sys.PathNames;
import dirdump.testing.AsUser;
import dirdump.testing.LockedMemory;
import dirdump.testing.PageCache;
import dirdump.testing.SystemTests;
import dirdump.testing.Tmpfs;
import dirdump.testing.Trees;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The phases of a lock, run in this JVM: mapped, checked, locked, closed; the tree changed between them. */
class LockPassTest {
    private static final int PAGE = 4096;
    private static final Reporter QUIET = new StderrReporter(new PrintStream(OutputStream.nullOutputStream()),
            StderrReporter.Verbosity.QUIET);
    private static final Os OS = Os.load(QUIET::warning);
    private static final LockLimits NONE = new LockLimits(-1, true, 0, Long.MAX_VALUE);
    private static final AvailableMemory.Bound PLENTY = new AvailableMemory.Bound(Long.MAX_VALUE, "none");

    @TempDir
    Path tmp;

    /** The tree's files mapped in inode order, with the cap {@code maxLocked} (0: none). */
    private static LockedSet map(Path root, long maxLocked) {
        return map(root, maxLocked, QUIET, new Tally());
    }

    private static LockedSet map(Path root, long maxLocked, Reporter reporter, Tally tally) {
        try (WalkResult walk = new Walker(OS, new WalkSettings(false, false, Integer.MAX_VALUE, PathFilter.NONE), reporter,
                new Tally()).walk(List.of(PathNames.bytes(root.toString())), null)) {
            int[] sequence = Orderer.plan(walk, UniqueFiles.of(walk, new Tally(), reporter),
                    new OrderSettings(Order.INODE, LocateMethod.AUTO, false), OS, reporter).sequence();
            return LockPass.map(OS, walk, sequence, maxLocked, Long.MAX_VALUE, tally, reporter, new StopRequest());
        }
    }

    private static long pagesOf(long bytes) {
        return (bytes + PAGE - 1) / PAGE;
    }

    @Test
    void theLockedPagesShowInVmLckAndStayThroughAnEvictUntilClosed() throws Exception {
        List<Path> files = Trees.randomTree(tmp, 30, 50_000, 1);
        long pages = 0;
        for (Path f : files) {
            pages += pagesOf(Files.size(f));
        }
        long before = LockedMemory.ofThisProcess();
        try (LockedSet set = map(tmp, 0)) {
            assertNull(LockCheck.refusal(set, NONE, PLENTY));
            assertEquals(before, LockedMemory.ofThisProcess(), "mapped, not locked yet");
            set.lock(QUIET, new Tally(), () -> false);
            assertEquals(files.size(), set.lockedFiles());
            assertEquals(pages * PAGE, set.lockedBytes());
            assertEquals(before + pages * PAGE, LockedMemory.ofThisProcess());

            PageCache.evict(files);
            long resident = 0;
            for (Path f : files) {
                resident += PageCache.residentPages(f);
            }
            assertEquals(pages, resident, "locked pages are not evicted");
        }
        assertEquals(before, LockedMemory.ofThisProcess(), "unlocked when closed");
    }

    @Test
    void ofASparseFileOnlyItsDataIsLocked() throws Exception {
        Path f = tmp.resolve("sparse");
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.setLength(64L << 20);
            raf.seek(0);
            raf.write(new byte[PAGE]);
            raf.seek(32L << 20);
            raf.write(new byte[] {1, 2, 3});
        }
        Files.createFile(tmp.resolve("empty"));
        long before = LockedMemory.ofThisProcess();
        try (LockedSet set = map(tmp, 0)) {
            set.lock(QUIET, new Tally(), () -> false);
            assertEquals(2, set.lockedFiles(), "the empty one too, with nothing to lock");
            assertEquals(2 * PAGE, set.lockedBytes(), "a page of each data range, no hole");
            assertEquals(before + 2 * PAGE, LockedMemory.ofThisProcess());
        }
    }

    @Test
    void aFileReplacedWhileLockedKeepsItsOldPagesLockedAndTheNewOneIsNot() throws Exception {
        Path f = Trees.file(tmp.resolve("data"), 10 * PAGE, 1);
        long before = LockedMemory.ofThisProcess();
        try (LockedSet set = map(tmp, 0)) {
            set.lock(QUIET, new Tally(), () -> false);
            Path replacement = Trees.file(tmp.resolve("data.new"), 20 * PAGE, 2);
            Files.move(replacement, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            PageCache.evict(List.of(f));
            assertEquals(0, PageCache.residentPages(f), "the new file under the name is not locked");
            assertEquals(before + 10 * PAGE, LockedMemory.ofThisProcess(), "the old one still is, while mapped");
        }
        assertEquals(before, LockedMemory.ofThisProcess());
    }

    @Test
    void maxLockedTakesTheFilesInOrderWhileTheNextFitsWhole() throws Exception {
        for (int i = 0; i < 5; i++) {
            Trees.file(tmp.resolve("f" + i), 3 * PAGE, i);
        }
        try (LockedSet set = map(tmp, 7 * PAGE)) {
            set.lock(QUIET, new Tally(), () -> false);
            assertEquals(2, set.lockedFiles());
            assertEquals(6 * PAGE, set.lockedBytes());
            assertEquals(3, set.leftOutFiles());
            assertEquals(9 * PAGE, set.leftOutBytes());
        }
    }

    /**
     * Issue 33: "locked 6.0 MiB ... left out 16.6 MiB" where the refusal of the same set said it needs
     * 32.6 MiB: the locked bytes were whole pages, the left-out ones raw sizes. Now both are whole pages
     * of data (a sparse file's holes left out), and they add up to what the refusal names.
     */
    @Test
    void whatIsLockedAndWhatIsLeftOutAddUpToWhatTheRefusalSaysTheSetNeeds() throws Exception {
        for (int i = 0; i < 5; i++) {
            Trees.file(tmp.resolve("f" + i), 3 * PAGE - 100, i);  // 3 pages each, locked or not
        }
        try (RandomAccessFile raf = new RandomAccessFile(tmp.resolve("g").toFile(), "rw")) {
            raf.setLength(64 * PAGE);
            raf.seek(10 * PAGE);
            raf.write(new byte[3 * PAGE - 100]);  // 3 pages of data in 64: the same, in whatever order
        }
        try (LockedSet capped = map(tmp, 7 * PAGE); LockedSet whole = map(tmp, 0)) {
            capped.lock(QUIET, new Tally(), () -> false);
            assertEquals(6 * PAGE, capped.lockedBytes());
            assertEquals(4, capped.leftOutFiles());
            assertEquals(12 * PAGE, capped.leftOutBytes(), "whole pages of data, as locked");
            assertEquals(whole.mappedBytes(), capped.lockedBytes() + capped.leftOutBytes());
            String refusal = LockCheck.refusal(whole, new LockLimits(PAGE, false, 0, Long.MAX_VALUE), PLENTY);
            assertTrue(refusal.startsWith("the set needs " + Units.bytes(capped.lockedBytes() + capped.leftOutBytes())
                    + " locked"), refusal);
        }
    }

    @Test
    void aSetBeyondALimitIsRefusedWithTheLimitNamedBeforeAnythingIsLocked() throws Exception {
        Trees.file(tmp.resolve("f"), 8 * PAGE, 1);
        long before = LockedMemory.ofThisProcess();
        try (LockedSet set = map(tmp, 0)) {
            String memlock = LockCheck.refusal(set, new LockLimits(4 * PAGE, false, 0, Long.MAX_VALUE), PLENTY);
            assertTrue(memlock.startsWith("the set needs 32.0 KiB locked, more than RLIMIT_MEMLOCK allows (16.0 KiB;"),
                    memlock);
            assertNull(LockCheck.refusal(set, new LockLimits(4 * PAGE, true, 0, Long.MAX_VALUE), PLENTY),
                    "CAP_IPC_LOCK lifts the limit");
            String memory = LockCheck.refusal(set, NONE, new AvailableMemory.Bound(PAGE, "MemAvailable"));
            assertTrue(memory.contains("more than the memory there is to hold it (4.0 KiB, MemAvailable)"), memory);
            String maps = LockCheck.refusal(set, new LockLimits(-1, false, 0, 0), PLENTY);
            assertTrue(maps.contains("vm.max_map_count leaves room for 0 more"), maps);
            assertEquals(before, LockedMemory.ofThisProcess());
        }
    }

    /** A sparse file far larger than the address space (tmpfs allows 200 TiB): its data page is mapped and locked. */
    @Test
    void aHugeSparseFileLocksItsDataPageAndTheRestIsLocked() throws Exception {
        try (Tmpfs tmpfs = Tmpfs.create(tmp)) {
            Path dir = Files.createDirectory(tmpfs.dir().resolve("set"));
            Trees.file(dir.resolve("a"), 3 * PAGE, 1);
            Trees.file(dir.resolve("b"), 5 * PAGE + 1, 2);
            sparse(dir.resolve("huge"), 200L << 40, 100L << 40);
            long before = LockedMemory.ofThisProcess();
            Tally tally = new Tally();
            try (LockedSet set = map(dir, 0, QUIET, tally)) {
                assertNull(LockCheck.refusal(set, NONE, PLENTY));
                assertEquals(3, set.mappings(), "one mapping a data range");
                set.lock(QUIET, tally, () -> false);
                assertEquals(0, tally.errors());
                assertEquals(3, set.lockedFiles());
                assertEquals((3 + 6 + 1) * PAGE, set.lockedBytes(), "a and b whole, the data page of huge");
                assertEquals(before + set.lockedBytes(), LockedMemory.ofThisProcess());
            }
            assertEquals(before, LockedMemory.ofThisProcess());
        }
    }

    /**
     * ramfs has no SEEK_DATA of its own: all of a sparse file is data to it, and 200 TiB cannot be
     * mapped. That file is told, named, as its error; the rest is locked.
     */
    @Test
    void aFileThatCannotBeMappedIsThatFilesErrorAndTheRestIsLocked() throws Exception {
        SystemTests.assumeAllowed("mounts a ramfs");
        assumeTrue(AsUser.isRoot(), "mounting a ramfs needs root");
        Path mnt = Files.createDirectory(tmp.resolve("ramfs"));
        assumeTrue(Trees.sh(tmp, "mount -t ramfs dirdump-test '" + mnt + "'") == 0, "cannot mount a ramfs here");
        try {
            Trees.file(mnt.resolve("small"), 2 * PAGE, 1);
            sparse(mnt.resolve("huge"), 200L << 40, 100L << 40);
            ByteArrayOutputStream messages = new ByteArrayOutputStream();
            Reporter reporter = new StderrReporter(new PrintStream(messages, true), StderrReporter.Verbosity.NORMAL);
            Tally tally = new Tally();
            long before = LockedMemory.ofThisProcess();
            try (LockedSet set = map(mnt, 0, reporter, tally)) {
                assertNull(LockCheck.refusal(set, NONE, PLENTY), "the set is what could be mapped");
                set.lock(reporter, tally, () -> false);
                assertEquals(1, tally.errors());
                assertTrue(messages.toString().contains("dirdump: " + mnt.resolve("huge")
                        + ": not locked: mmap: Cannot allocate memory"), messages.toString());
                assertEquals(1, set.lockedFiles());
                assertEquals(2 * PAGE, set.lockedBytes());
                assertEquals(before + 2 * PAGE, LockedMemory.ofThisProcess());
            }
        } finally {
            Trees.sh(tmp, "umount '" + mnt + "'");
        }
    }

    /** A file of {@code size} bytes holding one byte at {@code at}. */
    private static void sparse(Path f, long size, long at) throws Exception {
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.setLength(size);
            raf.seek(at);
            raf.write(7);
        }
    }
}
