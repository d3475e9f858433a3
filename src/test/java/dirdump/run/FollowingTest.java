package dirdump.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dirdump.order.LocateMethod;
import dirdump.order.Order;
import dirdump.order.OrderSettings;
import dirdump.outcome.StopRequest;
import dirdump.report.StderrReporter;
import dirdump.scan.PathFilter;
import dirdump.scan.WalkSettings;
import dirdump.sys.PathNames;
import dirdump.testing.DirdumpRun;
import dirdump.testing.LockedMemory;
import dirdump.testing.PageCache;
import dirdump.testing.SystemTests;
import dirdump.testing.Trees;
import dirdump.testing.Until;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Follow mode on the real kernel, in this JVM: a tree locked and followed (inotify) while a writer
 * creates, appends to, renames over and deletes files and directories; checked by what the kernel says
 * is locked (VmLck), the mappings left (/proc/self/maps) and the descriptors open (/proc/self/fd).
 */
class FollowingTest {
    private static final Duration CATCH_UP = Duration.ofSeconds(20);

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream said = new ByteArrayOutputStream();
    private final StderrReporter reporter = new StderrReporter(new PrintStream(said, true, StandardCharsets.UTF_8),
            StderrReporter.Verbosity.NORMAL);
    private Following following;
    private Thread follower;
    private final StopRequest stop = new StopRequest();

    @AfterEach
    void end() throws InterruptedException {
        stopFollowing();
    }

    private void stopFollowing() throws InterruptedException {
        stop.stop(15);
        if (follower != null) {
            follower.join();
            follower = null;
        }
        if (following != null) {
            following.close();
            following = null;
        }
    }

    private static FileSelection select(Path root) {
        return new FileSelection(FileSelection.Listing.of(FileSelection.Sources.of(List.of(PathNames.bytes(root.toString()))),
                new WalkSettings(false, false, Integer.MAX_VALUE, PathFilter.NONE)),
                new OrderSettings(Order.INODE, LocateMethod.AUTO, false));
    }

    /** The tree locked as lock locks it, then followed in a thread of its own. */
    private void lockAndFollow(Path root) throws Exception {
        try (OrderedFiles files = OrderedFiles.of(select(root), reporter, stop)) {
            LockRun.Locked locked = LockRun.lock(files, 0, reporter, stop);
            assertEquals(0, locked.exit().status, said());
            following = Following.locks(files, locked.set(), 0, reporter);
        }
        follower = new Thread(() -> following.follow(stop), "follow");
        follower.start();
    }

    private String said() {
        return said.toString(StandardCharsets.UTF_8);
    }

    /** What locking every regular file of the tree takes: each inode's size in whole pages. */
    private static long treeBytes(Path root) throws IOException {
        long bytes = 0;
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                    bytes += (Files.size(p) + PageCache.PAGE - 1) / PageCache.PAGE * PageCache.PAGE;
                }
            }
        }
        return bytes;
    }

    private static long vmlck(long before) {
        try {
            return LockedMemory.ofThisProcess() - before;
        } catch (IOException e) {
            return -1;
        }
    }

    private static long openDescriptors() {
        String[] open = new java.io.File("/proc/self/fd").list();
        return open == null ? -1 : open.length;
    }

    /** The lines of /proc/self/maps that map a file below {@code root}. */
    private static List<String> mappedBelow(Path root) throws IOException {
        return Files.readAllLines(Path.of("/proc/self/maps")).stream().filter(l -> l.contains(root.toString())).toList();
    }

    private static void write(Path f, int size, Random random) throws IOException {
        byte[] b = new byte[size];
        random.nextBytes(b);
        Files.write(f, b);
    }

    @Test
    void aTreeChangedForAWhileIsLockedExactlyAsItIsAtTheEndAndNothingOfItIsLeftAfter() throws Exception {
        Path root = tmp.resolve("tree");
        Trees.randomTree(root, 40, 40_000, 7);
        Path outside = Files.createDirectory(tmp.resolve("outside"));
        long lockedBefore = LockedMemory.ofThisProcess();
        long fdsBefore = openDescriptors();
        lockAndFollow(root);
        assertEquals(treeBytes(root), LockedMemory.ofThisProcess() - lockedBefore, said());

        Random random = new Random(11);
        List<Path> dirs = new ArrayList<>(List.of(root));
        long end = System.nanoTime() + Duration.ofSeconds(4).toNanos();
        int made = 0;
        for (int step = 0; System.nanoTime() < end; step++) {
            Path dir = dirs.get(random.nextInt(dirs.size()));
            List<Path> there;
            try (Stream<Path> s = Files.list(dir)) {
                there = s.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).toList();
            }
            Path some = there.isEmpty() ? null : there.get(random.nextInt(there.size()));
            switch (random.nextInt(7)) {
                case 0, 1 -> write(dir.resolve("new" + made++), random.nextInt(30_000), random);
                case 2 -> {  // appended to, in pieces
                    if (some != null) {
                        for (int i = 0; i < 3; i++) {
                            Files.write(some, new byte[random.nextInt(9000)], StandardOpenOption.APPEND);
                        }
                    }
                }
                case 3 -> {  // replaced: a new file renamed over it
                    if (some != null) {
                        Path t = dir.resolve(".tmp" + made++);
                        write(t, random.nextInt(30_000), random);
                        Files.move(t, some, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                    }
                }
                case 4 -> {
                    if (some != null) {
                        Files.delete(some);
                    }
                }
                case 5 -> {  // a directory made with files in it before any watch can be on it
                    Path d = Files.createDirectory(outside.resolve("m" + made++));
                    write(d.resolve("a"), random.nextInt(20_000), random);
                    Files.createDirectory(d.resolve("sub"));
                    write(d.resolve("sub/b"), random.nextInt(20_000), random);
                    Path in = dir.resolve(d.getFileName());
                    Files.move(d, in, StandardCopyOption.ATOMIC_MOVE);
                    dirs.add(in);
                    dirs.add(in.resolve("sub"));
                }
                default -> {  // a rename storm: one name moved back and forth
                    if (some != null) {
                        Path other = dir.resolve("storm" + made++);
                        for (int i = 0; i < 50; i++) {
                            Files.move(some, other, StandardCopyOption.ATOMIC_MOVE);
                            Files.move(other, some, StandardCopyOption.ATOMIC_MOVE);
                        }
                    }
                }
            }
        }
        // A directory moved out of the tree, and one deleted with its files.
        Path gone = dirs.get(dirs.size() - 1).getParent();
        if (!gone.equals(root)) {
            Files.move(gone, outside.resolve("away"), StandardCopyOption.ATOMIC_MOVE);
        }

        long expected = treeBytes(root);
        Until.holds(CATCH_UP, () -> "VmLck to be the tree's " + expected + " bytes; " + said(),
                () -> LockedMemory.ofThisProcess() - lockedBefore == expected);
        stopFollowing();
        assertEquals(0, LockedMemory.ofThisProcess() - lockedBefore, "nothing locked once it is released");
        assertEquals(List.of(), mappedBelow(tmp), "no mapping left of any file");
        assertEquals(fdsBefore, openDescriptors(), "no descriptor left open");
        assertFalse(said().contains("Exception"), said());
    }

    @Test
    void theLockedFilesAreThoseOfTheTreeWithNoMappingOfARemovedOrReplacedFile() throws Exception {
        Path root = tmp.resolve("tree");
        List<Path> files = Trees.randomTree(root, 10, 20_000, 3);
        long lockedBefore = LockedMemory.ofThisProcess();
        lockAndFollow(root);
        Files.delete(files.get(0));
        Path t = root.resolve(".new");
        Files.write(t, new byte[5000]);
        Files.move(t, files.get(1), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        Files.write(files.get(2), new byte[100_000], StandardOpenOption.APPEND);
        long expected = treeBytes(root);
        Until.holds(CATCH_UP, () -> "VmLck to be " + expected + "; " + said(),
                () -> LockedMemory.ofThisProcess() - lockedBefore == expected);
        List<String> mapped = mappedBelow(root);
        assertTrue(mapped.stream().noneMatch(l -> l.endsWith("(deleted)")), "a removed or replaced file still mapped: "
                + mapped);
        Set<String> names = new HashSet<>();
        mapped.forEach(l -> names.add(l.substring(l.indexOf('/'))));
        assertEquals(9, names.size(), "the nine files left, each mapped: " + mapped);
    }

    @Test
    void aSymbolicLinkOrFifoSwappedInForALockedNameIsNotFollowedAndTheOldFileIsUnlocked() throws Exception {
        Path root = tmp.resolve("tree");
        List<Path> files = Trees.randomTree(root, 4, 20_000, 5);
        Path target = Trees.file(tmp.resolve("secret"), 300_000, 9);
        long lockedBefore = LockedMemory.ofThisProcess();
        lockAndFollow(root);
        Path link = root.resolve(".link");
        Files.createSymbolicLink(link, target);
        Files.move(link, files.get(0), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        Path fifo = root.resolve(".fifo");
        assumeTrue(Trees.sh(root, "mkfifo .fifo") == 0, "mkfifo");
        Files.move(fifo, files.get(1), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        Path after = Trees.file(root.resolve("after"), 8192, 1);  // followed on: the FIFO blocked nothing
        long expected = treeBytes(root);
        Until.holds(CATCH_UP, () -> "VmLck to be " + expected + "; " + said(),
                () -> LockedMemory.ofThisProcess() - lockedBefore == expected);
        assertTrue(mappedBelow(tmp).stream().noneMatch(l -> l.endsWith(target.toString())), "the link's target mapped");
        assertTrue(mappedBelow(tmp).stream().anyMatch(l -> l.endsWith(after.toString())), "the file after it not locked");
    }

    @Test
    void aQueueOverflowIsAnsweredWithARescan() throws Exception {
        // Not Files.readString: it reads "1" of this file (its size is 0, and the JDK's read-ahead of one byte...).
        long queue = Long.parseLong(Files.readAllLines(Path.of("/proc/sys/fs/inotify/max_queued_events")).get(0).trim());
        assumeTrue(queue <= 100_000, "max_queued_events " + queue + ": too many files to flood it");
        Path root = tmp.resolve("tree");
        Trees.randomTree(root, 3, 10_000, 2);
        long lockedBefore = LockedMemory.ofThisProcess();
        try (OrderedFiles files = OrderedFiles.of(select(root), reporter, stop)) {
            following = Following.locks(files, LockRun.lock(files, 0, reporter, stop).set(), 0, reporter);
        }
        // Not read yet: each file's create, write and close are 3 events, more than the queue holds.
        int n = (int) (queue / 3 + 1000);
        for (int i = 0; i < n; i++) {
            Files.write(root.resolve("f" + i), new byte[] {1});
        }
        follower = new Thread(() -> following.follow(stop), "follow");
        follower.start();
        long expected = treeBytes(root);
        Until.holds(CATCH_UP, () -> "VmLck to be " + expected + "; " + said() + following.described() + " " + following.bytes() + " vmlck " + vmlck(lockedBefore),
                () -> LockedMemory.ofThisProcess() - lockedBefore == expected);
        Following followed = following;
        stopFollowing();
        assertTrue(said().isEmpty(), said());
        assertTrue(followed.described().matches(".* [1-9][0-9]* rescans"), followed.described());
    }

    @Test
    void aFileMovedInIsReadIntoThePageCacheAndAGrownOneByWhatItGrew() throws Exception {
        Path root = tmp.resolve("tree");
        List<Path> files = Trees.randomTree(root, 3, 10_000, 1);
        try (OrderedFiles found = OrderedFiles.of(select(root), reporter, stop)) {
            following = Following.warm(found, reporter);
        }
        follower = new Thread(() -> following.follow(stop), "follow");
        follower.start();
        Path cold = Trees.file(tmp.resolve("cold"), 1 << 20, 4);
        Trees.sync(List.of(cold));
        PageCache.evict(List.of(cold));
        assumeTrue(PageCache.residentPages(cold) == 0, "the page cache kept the file written");
        Path in = root.resolve("cold");
        Files.move(cold, in, StandardCopyOption.ATOMIC_MOVE);
        Until.holds(CATCH_UP, () -> "every page of the file moved in cached; " + said(),
                () -> PageCache.residentPages(in) == 256);
        Path grown = files.get(0);
        long size = Files.size(grown);
        try (var out = new java.io.RandomAccessFile(grown.toFile(), "rw")) {
            out.setLength(size + (1 << 20));  // grown by a hole: none of the new pages is cached yet
        }
        long from = (size + PageCache.PAGE - 1) / PageCache.PAGE * PageCache.PAGE;
        long pages = (size + (1 << 20) - from) / PageCache.PAGE;
        Until.holds(CATCH_UP, () -> "the 1 MiB it grew by cached; " + said(),
                () -> PageCache.residentPages(grown, from, pages * PageCache.PAGE) == pages);
        Following followed = following;
        stopFollowing();
        assertEquals(2, followed.files(), "the file moved in and the one grown: " + said());
    }

    @Test
    void runLockWatchLocksAFileCommandMakesWhileItRunsAndUnlocksItAfter() throws Exception {
        Path root = tmp.resolve("tree");
        Trees.randomTree(root, 5, 10_000, 8);
        long lockedBefore = LockedMemory.ofThisProcess();
        // COMMAND makes a 1 MiB file in the tree, then waits for its parent (this JVM) to lock it.
        String script = "before=$(awk '/VmLck/{print $2}' /proc/$PPID/status); head -c 1048576 /dev/zero > new; "
                + "i=0; while [ $i -lt 200 ]; do now=$(awk '/VmLck/{print $2}' /proc/$PPID/status); "
                + "[ $((now - before)) -ge 1024 ] && exit 0; sleep 0.1; i=$((i + 1)); done; exit 3";
        DirdumpRun r = DirdumpRun.of("run", "--lock", "--watch", root, "--", "sh", "-c", "cd " + root + " && " + script);
        assertEquals(0, r.status(), r.err());
        assertEquals(lockedBefore, LockedMemory.ofThisProcess(), "all unlocked once COMMAND ended");
    }

    @Test
    void watchWithoutLockOrBeforeRunIsAUsageError() {
        DirdumpRun r = DirdumpRun.of("run", "--watch", tmp, "--", "true");
        assertEquals(2, r.status(), r.err());
        assertTrue(r.err().startsWith("dirdump: --watch is for --lock"), r.err());
        DirdumpRun before = DirdumpRun.of("--watch", "run", "--lock", tmp, "--", "true");
        assertEquals(2, before.status(), before.err());
        assertTrue(before.err().contains("--watch before 'run'"), before.err());
    }

    @Test
    void aWatchLimitTooLowForTheTreeIsOneLineWithTheNumberNeededAndExitStatus2() throws Exception {
        SystemTests.assumeAllowed("sets fs.inotify.max_user_watches low for a moment, then back");
        assumeTrue("0".equals(Trees.shOutput(tmp, "id -u").trim()), "needs root to set the sysctl");
        Path root = tmp.resolve("tree");
        for (int i = 0; i < 6; i++) {
            Trees.file(root.resolve("d" + i + "/f"), 5000, i);
        }
        Path limit = Path.of("/proc/sys/fs/inotify/max_user_watches");
        String was = Files.readAllLines(limit).get(0).trim();
        DirdumpRun lock;
        DirdumpRun read;
        DirdumpRun used;
        long lockedBefore = LockedMemory.ofThisProcess();
        // 20 watches of this user's (java.nio's WatchService is inotify), so that a limit of 10 leaves none.
        try (WatchService others = FileSystems.getDefault().newWatchService()) {
            for (int i = 0; i < 20; i++) {
                Files.createDirectory(tmp.resolve("w" + i)).register(others, StandardWatchEventKinds.ENTRY_CREATE);
            }
            try {
                Files.writeString(limit, "5");
                lock = DirdumpRun.of("lock", "--watch", "-q", root);
                read = DirdumpRun.of("--watch", "-q", root);
                Files.writeString(limit, "10");  // more than the tree's 7 directories, fewer than the user holds
                used = DirdumpRun.of("lock", "--watch", "-q", root);
            } finally {
                Files.writeString(limit, was);
            }
        }
        assertEquals(ExitCode.CANNOT_FOLLOW.status, lock.status(), lock.err());
        assertEquals("dirdump: --watch: inotify: the tree needs 7 watches (one a directory), more than "
                + "fs.inotify.max_user_watches (5) leaves this user: raise it (sysctl fs.inotify.max_user_watches=14)\n",
                lock.err());
        assertEquals(ExitCode.CANNOT_FOLLOW.status, read.status(), read.err());
        assertTrue(read.err().contains("sysctl fs.inotify.max_user_watches="), read.err());
        assertEquals(ExitCode.CANNOT_FOLLOW.status, used.status(), used.err());
        assertEquals("dirdump: --watch: inotify: the tree needs 7 watches (one a directory), more than "
                + "fs.inotify.max_user_watches (10) leaves this user: raise it (sysctl fs.inotify.max_user_watches=17)\n",
                used.err());
        assertEquals(lockedBefore, LockedMemory.ofThisProcess(), "what was locked is unlocked");
    }
}
