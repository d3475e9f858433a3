package dirdump.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dirdump.sys.OpenFile;
import dirdump.sys.Os;
import dirdump.sys.SysException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** The page cache of test files, through the kernel directly rather than through the commands under test. */
public final class PageCache {
    private static final Os OS = Os.load(warning -> { });
    private static final int ATTEMPTS = 5;
    /** The page size of the machines the tests run on (x86-64, arm64 with 4 KiB pages). */
    public static final int PAGE = 4096;

    /** A test scenario that can be run again from its start. */
    @FunctionalInterface
    public interface Scenario {
        void run() throws Exception;
    }

    private PageCache() {
    }

    /** Writes the files' dirty pages out and drops all their pages from the page cache. */
    public static void evict(Iterable<Path> files) throws IOException {
        Trees.sync(files);
        for (Path f : files) {
            try (OpenFile file = open(f)) {
                file.dontNeed();
            }
        }
    }

    /** Pages of the file in the page cache, by cachestat. */
    public static long residentPages(Path f) throws IOException {
        try (OpenFile file = open(f)) {
            return file.cachestat(0, file.stat().size).residentPages();
        }
    }

    /** Pages of all these files in the page cache, by cachestat. */
    public static long residentPages(Iterable<Path> files) throws IOException {
        long n = 0;
        for (Path f : files) {
            n += residentPages(f);
        }
        return n;
    }

    /** Pages of {@code length} bytes from {@code offset} (a page's start) of the file in the page cache, by cachestat. */
    public static long residentPages(Path f, long offset, long length) throws IOException {
        try (OpenFile file = open(f)) {
            return file.cachestat(offset, length).residentPages();
        }
    }

    /** Which pages of the file are in the page cache, page by page: ranges of page numbers, as "0-511,1024-1535". */
    public static String residentPageRanges(Path f) throws IOException {
        StringBuilder ranges = new StringBuilder();
        try (OpenFile file = open(f)) {
            long size = file.stat().size;
            long pages = (size + PAGE - 1) / PAGE;
            long start = -1;
            for (long p = 0; p <= pages; p++) {
                boolean in = p < pages && file.cachestat(p * PAGE, PAGE).residentPages() == 1;
                if (in && start < 0) {
                    start = p;
                } else if (!in && start >= 0) {
                    ranges.append(ranges.length() == 0 ? "" : ",").append(start).append('-').append(p - 1);
                    start = -1;
                }
            }
        }
        return ranges.toString();
    }

    /**
     * Leaves exactly bytes {@code from} to {@code to} (whole pages) of the file in the page cache: evicts
     * it and writes those bytes again, which caches them without a read, and so without read-ahead.
     */
    public static void cacheOnly(Path f, long from, long to) throws IOException {
        byte[] content = Files.readAllBytes(f);
        evict(java.util.List.of(f));
        try (FileChannel c = FileChannel.open(f, StandardOpenOption.WRITE)) {
            c.write(java.nio.ByteBuffer.wrap(content, (int) from, (int) (to - from)), from);
        }
    }

    /**
     * Runs a scenario that expects pages to stay cached between its steps. Pages taken from the cache
     * meanwhile by someone else break that: another process's drop_caches (on a shared machine
     * benchmarks do), the kernel's reclaim, or DAMON's proactive pageout (a kdamond whose scheme pages
     * out regions it saw idle: some virtual machines run one). A scenario that fails while the kernel
     * counted any of those is run again; after {@value #ATTEMPTS} such tries the test is skipped with
     * the reason. A failure with none of them fails.
     */
    public static void retryIfDropped(Scenario scenario) throws Exception {
        for (int attempt = 1; ; attempt++) {
            long drops = drops();
            try {
                scenario.run();
                return;
            } catch (AssertionError e) {
                if (drops() == drops) {
                    throw e;
                }
                assumeTrue(attempt < ATTEMPTS, "pages keep being taken from the page cache meanwhile (drop_caches, "
                        + "reclaim or DAMON's pageout)");
            }
        }
    }

    /**
     * A count that grows whenever pages leave the page cache other than by the test: the drops
     * (/proc/vmstat drop_pagecache), the pages reclaim took (pgsteal_*), and the bytes DAMON's pageout
     * schemes applied to (asked to update their stats first).
     */
    private static long drops() throws IOException {
        long n = 0;
        for (String line : Files.readAllLines(Path.of("/proc/vmstat"))) {
            if (line.startsWith("drop_pagecache ") || line.startsWith("pgsteal_")) {
                n += Long.parseLong(line.substring(line.indexOf(' ') + 1));
            }
        }
        return n + damonPagedOut();
    }

    private static long damonPagedOut() {
        long n = 0;
        try (DirectoryStream<Path> kdamonds = Files.newDirectoryStream(Path.of("/sys/kernel/mm/damon/admin/kdamonds"),
                Files::isDirectory)) {
            for (Path k : kdamonds) {
                Files.writeString(k.resolve("state"), "update_schemes_stats");
                try (DirectoryStream<Path> applied = Files.newDirectoryStream(k, "contexts")) {
                    for (Path contexts : applied) {
                        n += pagedOut(contexts);
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // no DAMON here, or not ours to ask: nothing counted
        }
        return n;
    }

    private static long pagedOut(Path contexts) throws IOException {
        long n = 0;
        try (var schemes = Files.find(contexts, 4, (p, a) -> p.getFileName().toString().equals("action"))) {
            for (Path action : (Iterable<Path>) schemes::iterator) {
                if (Files.readString(action).trim().equals("pageout")) {
                    n += Long.parseLong(Files.readString(action.resolveSibling("stats").resolve("sz_applied")).trim());
                }
            }
        }
        return n;
    }

    private static OpenFile open(Path f) throws SysException {
        return ByPath.open(OS, f);
    }
}
