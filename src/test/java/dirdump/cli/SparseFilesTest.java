package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonObject;
import dirdump.testing.DirdumpRun;
import dirdump.testing.Trees;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sparse file's holes read as zeros: read whole, a 100 GiB file with no blocks fills the page cache
 * with zero pages for minutes. Only its data is read, advised and measured; the holes are counted.
 */
class SparseFilesTest {
    private static final long GIB = 1L << 30;
    private static final long DATA = 1 << 20;
    private static final Duration SOON = Duration.ofSeconds(30);

    @TempDir
    Path tmp;

    private Path sparse;

    /** 100 GiB, with 1 MiB of data in its middle; on a file system that keeps holes. */
    @BeforeEach
    void sparseFile() throws Exception {
        sparse = tmp.resolve("sparse");
        int rc = Trees.sh(tmp, "truncate -s 100G sparse && dd if=/dev/urandom of=sparse bs=1M count=1 seek=51200 "
                + "conv=notrunc status=none && sync sparse");
        assumeTrue(rc == 0, "cannot make a 100 GiB sparse file here");
        assumeTrue(Long.parseLong(Trees.shOutput(tmp, "stat -c %b sparse").trim()) * 512 < 16 * DATA,
                "the file system does not keep holes");
    }

    @Test
    void onlyTheDataIsReadAndTheHolesAreCounted() {
        DirdumpRun r = assertTimeoutPreemptively(SOON, () -> DirdumpRun.json("--force", sparse));
        assertEquals(0, r.status(), r.err());
        assertEquals(1, r.count("files_read"));
        assertEquals(DATA, r.count("bytes_read"));
        assertEquals(100 * GIB - DATA, r.count("holes"));

        DirdumpRun text = assertTimeoutPreemptively(SOON, () -> DirdumpRun.of("--force", sparse));
        assertTrue(text.err().contains("  holes: 100.0 GiB of sparse files left out (they read as zeros)"), text.err());
    }

    @Test
    void willneedAdvisesOnlyTheData() {
        DirdumpRun r = assertTimeoutPreemptively(SOON, () -> DirdumpRun.json("--force", "--method=willneed", sparse));
        assertEquals(0, r.status(), r.err());
        assertEquals(DATA, r.count("bytes_read"));
        assertEquals(100 * GIB - DATA, r.count("holes"));
    }

    @Test
    void statusMeasuresOnlyTheDataEvenByMincore() {
        for (String method : new String[] {"--method=cachestat", "--method=mincore"}) {
            DirdumpRun r = assertTimeoutPreemptively(SOON, () -> DirdumpRun.json("status", method, sparse));
            assertEquals(0, r.status(), r.err());
            JsonObject s = r.summary();
            assertEquals(DATA / 4096, s.get("pages").getAsLong(), method + ": " + r.out());
        }
    }

    @Test
    void aWarmedSparseFileIsAllResidentAndSkippedNextTime() {
        assertTimeoutPreemptively(SOON, () -> DirdumpRun.json(sparse));
        DirdumpRun again = assertTimeoutPreemptively(SOON, () -> DirdumpRun.json(sparse));
        assertEquals(1, again.skipped("already_cached"), again.out());
    }
}
