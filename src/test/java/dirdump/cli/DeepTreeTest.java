package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dirdump.testing.DirdumpRun;
import dirdump.testing.Trees;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DeepTreeTest {
    private static final int CHUNKS = 10;
    private static final int CHUNK_DEPTH = 1000;

    @TempDir
    Path tmp;

    /**
     * 10,000 nested directories, far beyond PATH_MAX (4096 bytes): built as 1,000-deep chunks, each
     * moved into the bottom of the one before, so that no call here needs a path that long.
     */
    @Test
    void aTreeTenThousandDirectoriesDeepIsWalkedAndReadToTheBottom() throws Exception {
        for (int c = 0; c < CHUNKS; c++) {
            Path bottom = tmp.resolve("c" + c);
            for (int i = 0; i < CHUNK_DEPTH - 1; i++) {
                bottom = bottom.resolve("d");
            }
            Files.createDirectories(bottom);
            Trees.file(bottom.resolve("file"), 100 + c, c);
        }
        for (int c = CHUNKS - 1; c > 0; c--) {
            Path bottom = tmp.resolve("c" + (c - 1));
            for (int i = 0; i < CHUNK_DEPTH - 1; i++) {
                bottom = bottom.resolve("d");
            }
            Files.move(tmp.resolve("c" + c), bottom.resolve("c" + c));
        }

        DirdumpRun run = DirdumpRun.json("--force", tmp.resolve("c0"));

        assertEquals(0, run.status(), run.err());
        assertEquals(CHUNKS, run.count("files_read"));
        assertEquals(CHUNKS * 100 + 45, run.count("bytes_read"));
        assertEquals(CHUNKS * CHUNK_DEPTH, run.count("directories"));
    }

    /** JUnit cannot delete paths longer than PATH_MAX; GNU rm can. */
    @AfterEach
    void removeDeepTree() throws Exception {
        Trees.sh(tmp, "rm -rf c0");
    }
}
