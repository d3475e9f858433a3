package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.testing.DirdumpRun;
import dirdump.testing.PageCache;
import dirdump.testing.Trees;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A big file is read by every reader at once, in chunks: all of it, once, and counted as one file. */
class BigFilesTest {
    @TempDir
    Path tmp;

    @Test
    void aBigFileSharedByTheReadersIsReadWholeAndCountedOnce() throws Exception {
        Path big = Trees.file(tmp.resolve("set/big"), 40 * (1 << 20) + 12345, 1);
        Path small = Trees.file(tmp.resolve("set/small"), 5000, 2);
        Trees.sync(List.of(big, small));
        PageCache.retryIfDropped(() -> {
            PageCache.evict(List.of(big));
            DirdumpRun r = DirdumpRun.json("--force", "-j", 4, tmp.resolve("set"));
            assertEquals(0, r.status(), r.err());
            assertEquals(2, r.count("files_read"), r.out());
            assertEquals(40 * (1 << 20) + 12345 + 5000, r.count("bytes_read"));
            assertEquals(100.0, r.summary().getAsJsonObject("page_cache").getAsJsonObject("after").get("percent")
                    .getAsDouble(), r.out());
            DirdumpRun verbose = DirdumpRun.of("--force", "-v", "-j", 4, big);
            assertTrue(verbose.err().contains(big + " (" + (40 * (1 << 20) + 12345) + " bytes)"), verbose.err());
        });
    }
}
