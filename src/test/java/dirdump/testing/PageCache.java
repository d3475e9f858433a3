package dirdump.testing;

import dirdump.sys.OpenFile;
import dirdump.sys.Os;
import dirdump.sys.PathNames;
import dirdump.sys.SysException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** The page cache of test files, through the kernel directly rather than through the commands under test. */
public final class PageCache {
    private static final Os OS = Os.load(warning -> { });

    private PageCache() {
    }

    /** Writes the files' dirty pages out and drops all their pages from the page cache. */
    public static void evict(Iterable<Path> files) throws IOException {
        for (Path f : files) {
            try (FileChannel c = FileChannel.open(f, StandardOpenOption.WRITE)) {
                c.force(true);  // dirty pages cannot be dropped
            }
            try (OpenFile file = open(f)) {
                file.dontNeed();
            }
        }
    }

    /** Pages of the file in the page cache, by cachestat. */
    public static long residentPages(Path f) throws IOException {
        try (OpenFile file = open(f)) {
            return file.cachestat(file.stat().size).residentPages();
        }
    }

    private static OpenFile open(Path f) throws SysException {
        return OS.openForReading(PathNames.bytes(f.toString()), false);
    }
}
