package dirdump.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dirdump.sys.OpenFile;
import dirdump.sys.Os;
import dirdump.sys.PathNames;
import dirdump.sys.SysException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** The page cache of test files, through the kernel directly rather than through the commands under test. */
public final class PageCache {
    private static final Os OS = Os.load(warning -> { });
    private static final int ATTEMPTS = 5;

    /** A test scenario that can be run again from its start. */
    @FunctionalInterface
    public interface Scenario {
        void run() throws Exception;
    }

    private PageCache() {
    }

    /** Writes the files' dirty pages out (fsync), so that they can be dropped. */
    public static void sync(Iterable<Path> files) throws IOException {
        for (Path f : files) {
            try (FileChannel c = FileChannel.open(f, StandardOpenOption.WRITE)) {
                c.force(true);
            }
        }
    }

    /** Writes the files' dirty pages out and drops all their pages from the page cache. */
    public static void evict(Iterable<Path> files) throws IOException {
        sync(files);
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

    /**
     * Runs a scenario that expects pages to stay cached between its steps. Another process that
     * empties the whole page cache meanwhile (drop_caches: on a shared machine benchmarks do) breaks
     * that, so a scenario that fails while the kernel counted a drop is run again; after
     * {@value #ATTEMPTS} such tries the test is skipped with the reason. A failure without a drop fails.
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
                assumeTrue(attempt < ATTEMPTS, "another process keeps dropping the page cache (drop_caches)");
            }
        }
    }

    /** How often the page cache was dropped since boot (/proc/vmstat drop_pagecache). */
    private static long drops() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/vmstat"))) {
            if (line.startsWith("drop_pagecache ")) {
                return Long.parseLong(line.substring(line.indexOf(' ') + 1));
            }
        }
        return 0;
    }

    private static OpenFile open(Path f) throws SysException {
        return ByPath.open(OS, f);
    }
}
