package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dirdump.testing.BuiltJar;
import dirdump.testing.Launched;
import dirdump.testing.PageCache;
import dirdump.testing.Trees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * System calls a file, counted by strace: the difference between a run over 2,000 files and one
 * over 1,000 in one directory, so that what the JVM does at start cancels out. A small file read
 * costs openat, statx, cachestat, read (or pread64) and close; one found cached, all but the read, and one
 * preadv2(RWF_NOWAIT) that reads its cached pages from memory (CachedReads: a page whose read failed
 * is not taken as cached). That is one read at a time (--depth 0); in a ring the open, the read and the
 * close are no calls of their own, but a share of the io_uring_enter calls that submit many files' opens,
 * reads and closes.
 */
class SyscallsIT {
    private static final String[] CALLS = {"openat", "statx", "cachestat", "read", "preadv2", "close", "io_uring_enter"};

    @TempDir
    Path tmp;

    /**
     * Calls made on the files of {@code dir}, by name, from strace's full trace (-c leaves out a call its
     * version does not know: strace 6.1 shows cachestat, Linux 6.5's, as syscall_0x1c3). With -y each
     * descriptor is shown with its path, so that the JVM's own opens and reads (class loading, cgroup
     * and /proc files it reads now and then) are not counted; cachestat, whose descriptor strace does not
     * decode, only dirdump makes.
     */
    private Map<String, Long> count(Path dir, String... options) throws Exception {
        Path out = tmp.resolve("strace.txt");
        List<String> args = new ArrayList<>(List.of("strace", "-f", "-y", "-o", out.toString()));
        args.addAll(BuiltJar.command("-q"));
        args.addAll(List.of(options));
        args.add(dir.toString());
        Launched r = Launched.of(BuiltJar.builder(args));
        assertEquals(0, r.status(), r.err());
        Map<String, Long> calls = new HashMap<>();
        Pattern start = Pattern.compile("^\\d+\\s+([a-z_0-9]+)\\(");
        for (String line : Files.readAllLines(out)) {
            Matcher m = start.matcher(line);
            if (m.find()) {
                boolean cachestat = m.group(1).equals("syscall_0x1c3");
                // A ring's submissions go on its own descriptor (anon_inode:[io_uring]): each is counted.
                if (cachestat || m.group(1).equals("io_uring_enter") || line.contains("<" + dir)) {
                    // A read is one call either way: pread64 reads to the size the file had when opened.
                    String call = cachestat ? "cachestat" : m.group(1).equals("pread64") ? "read" : m.group(1);
                    calls.merge(call, 1L, Long::sum);
                }
            }
        }
        return calls;
    }

    private Map<String, Double> perFile(String... options) throws Exception {
        return perFile(2000, dir -> { }, options);
    }

    /** What each file of {@code size} bytes costs, the files of each run made ready by {@code before}. */
    private Map<String, Double> perFile(int size, Before before, String... options) throws Exception {
        Path small = tmp.resolve("1000");
        Path large = tmp.resolve("2000");
        for (int i = 0; i < 2000; i++) {
            if (i < 1000) {
                Trees.file(small.resolve("f" + i), size, i);
            }
            Trees.file(large.resolve("f" + i), size, i);
        }
        BuiltJar.run("-q", small.toString());  // warm: the same for both
        before.ready(small);
        Map<String, Long> a = count(small, options);
        before.ready(large);
        Map<String, Long> b = count(large, options);
        Map<String, Double> per = new HashMap<>();
        for (String call : CALLS) {
            per.put(call, (b.getOrDefault(call, 0L) - a.getOrDefault(call, 0L)) / 1000.0);
        }
        return per;
    }

    /** Makes the files of a directory ready for a counted run. */
    @FunctionalInterface
    private interface Before {
        void ready(Path dir) throws Exception;
    }

    private static List<Path> files(Path dir) throws Exception {
        try (var s = Files.list(dir)) {
            return s.toList();
        }
    }

    /**
     * A small file none of which is cached is read with no check of its pages (no preadv2), and one of
     * which only the first page is cached is read whole with its one cachestat: a part of at most 256 KiB
     * partly cached is read whole, which that cachestat already tells (no second one over the same pages).
     */
    @Test
    void aColdOrPartlyCachedSmallFileTakesFiveCalls() throws Exception {
        assumeTrue(Trees.sh(tmp, "command -v strace >/dev/null") == 0, "no strace here");
        Map<String, Double> cold = perFile(2000, dir -> PageCache.evict(files(dir)), "--depth", "0");
        for (String call : new String[] {"openat", "statx", "cachestat", "read", "close"}) {
            assertEquals(1.0, cold.get(call), 0.02, call + " a file not cached: " + cold);
        }
        assertEquals(0.0, cold.get("preadv2"), 0.02, "a file not cached has no cached page to check: " + cold);
        // A page taken from the cache meanwhile (another process's drop_caches) leaves a file not cached,
        // which costs the same calls.
        Map<String, Double> part = perFile(3 * PageCache.PAGE, dir -> {
            for (Path f : files(dir)) {
                PageCache.cacheOnly(f, 0, PageCache.PAGE);
            }
        }, "--depth", "0");
        for (String call : new String[] {"openat", "statx", "cachestat", "read", "close"}) {
            assertEquals(1.0, part.get(call), 0.02, call + " a file cached in part: " + part);
        }
        assertEquals(0.0, part.get("preadv2"), 0.02, "a part read whole is not checked: " + part);
    }

    /**
     * In a ring (the default on a disk that does not rotate), a cold small file's open, read and close
     * are no system calls of their own: statx (the check) and cachestat, and a share of the io_uring_enter
     * calls that submit many files' opens, reads and closes at once.
     */
    @Test
    void aColdSmallFileInARingTakesTwoCallsAndAShareOfOneSubmission() throws Exception {
        assumeTrue(Trees.sh(tmp, "command -v strace >/dev/null") == 0, "no strace here");
        Map<String, Double> cold = perFile(2000, dir -> PageCache.evict(files(dir)), "-j", "2", "--depth", "64");
        for (String call : new String[] {"statx", "cachestat"}) {
            assertEquals(1.0, cold.get(call), 0.02, call + " a file not cached: " + cold);
        }
        for (String call : new String[] {"openat", "read", "close"}) {
            assertEquals(0.0, cold.get(call), 0.02, call + ": in the ring: " + cold);
        }
        assertEquals(0.0, cold.get("preadv2"), 0.02, "a file not cached has no cached page to check: " + cold);
        assertTrue(cold.get("io_uring_enter") < 0.5, "many files a submission: " + cold);
    }

    /**
     * A file found cached, in a ring: opened and closed there too, so its calls are statx, cachestat and
     * the preadv2 that checks its cached pages, and a share of a submission: fewer than one read at a time.
     */
    @Test
    void aCachedFileInARingTakesThreeCallsAndAShareOfOneSubmission() throws Exception {
        assumeTrue(Trees.sh(tmp, "command -v strace >/dev/null") == 0, "no strace here");
        PageCache.retryIfDropped(() -> {
            Map<String, Double> cached = perFile("-j", "2", "--depth", "64");
            for (String call : new String[] {"statx", "cachestat", "preadv2"}) {
                assertEquals(1.0, cached.get(call), 0.02, call + " a cached file: " + cached);
            }
            for (String call : new String[] {"openat", "read", "close"}) {
                assertEquals(0.0, cached.get(call), 0.02, call + ": in the ring, or none: " + cached);
            }
            assertTrue(cached.get("io_uring_enter") < 0.5, "many files a submission: " + cached);
        });
    }

    @Test
    void aSmallFileTakesFiveCallsAndACachedOneFive() throws Exception {
        assumeTrue(Trees.sh(tmp, "command -v strace >/dev/null") == 0, "no strace here");
        Map<String, Double> read = perFile("--force", "--depth", "0");
        for (String call : new String[] {"openat", "statx", "cachestat", "read", "close"}) {
            assertEquals(1.0, read.get(call), 0.02, call + " a file read: " + read);
        }
        double total = read.values().stream().mapToDouble(Double::doubleValue).sum();
        assertEquals(0.0, read.get("preadv2"), 0.02, "a file read with --force is not checked: " + read);
        assertEquals(0.0, read.get("io_uring_enter"), 0.02, "one read at a time: " + read);
        assertTrue(total <= 5.05, "a file read: " + read);
        // The files are cached since they were just written, unless another process drops the page cache.
        PageCache.retryIfDropped(() -> {
            Map<String, Double> cached = perFile("--depth", "0");
            assertEquals(0.0, cached.get("read"), 0.02, "a file found cached is not read: " + cached);
            assertEquals(1.0, cached.get("preadv2"), 0.02, "its cached pages are read from memory: " + cached);
            double cachedTotal = cached.values().stream().mapToDouble(Double::doubleValue).sum();
            assertTrue(cachedTotal <= 5.05, "a cached file: " + cached);
        });
    }
}
