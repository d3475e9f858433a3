package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.testing.BuiltJar;
import dirdump.testing.Launched;
import dirdump.testing.MemoryCgroup;
import dirdump.testing.PageCache;
import dirdump.testing.Trees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The built jar in memory cgroups the test makes (cgroup v1, as root): the limit of the parent of its
 * cgroup, which is how Slurm limits a job and systemd a slice, is the one it checks a lock and its
 * buffers against, so that a set beyond it is refused in one line, not OOM-killed (exit 137, nothing
 * said); and clean page cache in its cgroup is counted as room, as the kernel reclaims it.
 */
class MemoryCgroupIT {
    private static final int MIB = 1 << 20;

    @TempDir
    static Path tmp;

    /** 200 MiB, beyond the 150 MiB cgroup of the lock cases. */
    private static List<Path> big;
    /** 300 MiB that fill a 256 MiB cgroup's page cache when read in it. */
    private static List<Path> fill;
    /** 64 MiB, which fits in 256 MiB once the page cache is counted as room. */
    private static List<Path> small;

    @BeforeAll
    static void sets() throws IOException {
        big = files(tmp.resolve("big"), 25, 8);
        fill = files(tmp.resolve("fill"), 10, 30);
        small = files(tmp.resolve("small"), 8, 8);
    }

    private static List<Path> files(Path dir, int count, int mibEach) throws IOException {
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            files.add(Trees.file(dir.resolve("f" + i), mibEach * MIB, i));
        }
        return files;
    }

    private static Launched run(List<String> command) throws Exception {
        return Launched.of(BuiltJar.builder(command));
    }

    /** lock's one line for a set of {@code needs} beyond the room the cgroup named leaves. */
    private static Pattern refusal(String needs, MemoryCgroup cgroup) {
        return Pattern.compile("dirdump: cannot lock: the set needs " + Pattern.quote(needs) + " locked, more than the "
                + "memory there is to hold it \\(\\d+\\.\\d [KM]iB, the limit of memory cgroup " + Pattern.quote(cgroup.name())
                + "\\): give --max-locked\n");
    }

    @Test
    void aDaemonsLockBeyondTheParentsLimitIsRefusedInOneLine() throws Exception {
        PageCache.evict(big);  // not cached elsewhere: the lock's pages would be charged to the cgroup
        Path pidFile = tmp.resolve("lock.pid");
        try (MemoryCgroup cgroup = MemoryCgroup.limitedTo(150 * MIB)) {
            Launched lock = run(cgroup.in(true, "true", BuiltJar.command("lock", "--daemon", "--pidfile",
                    pidFile.toString(), tmp.resolve("big").toString())));
            assertEquals(2, lock.status(), lock.err());
            assertTrue(refusal("200.0 MiB", cgroup).matcher(lock.err()).matches(), lock.err());
            assertFalse(Files.exists(pidFile), "no pid file left");
        }
    }

    @Test
    void runLockBeyondTheParentsLimitSaysWhyCommandDidNotRun() throws Exception {
        PageCache.evict(big);
        Path ran = tmp.resolve("ran");
        try (MemoryCgroup cgroup = MemoryCgroup.limitedTo(150 * MIB)) {
            Launched run = run(cgroup.in(true, "true", BuiltJar.command("run", "--lock", tmp.resolve("big").toString(),
                    "--", "touch", ran.toString())));
            assertEquals(125, run.status(), run.err());
            String[] lines = run.err().split("(?<=\n)");
            assertEquals(2, lines.length, run.err());
            assertTrue(refusal("200.0 MiB", cgroup).matcher(lines[0]).matches(), run.err());
            assertEquals("dirdump: run: the warm-up failed (exit status 2): touch not run (--keep-going runs it anyway)\n",
                    lines[1]);
            assertFalse(Files.exists(ran));
        }
    }

    @Test
    void readBuffersBeyondTheParentsLimitAreRefusedInOneLine() throws Exception {
        try (MemoryCgroup cgroup = MemoryCgroup.limitedTo(96 * MIB)) {
            Launched read = run(cgroup.in(true, "true", BuiltJar.command("-j", "64", "--buffer-size", "1M", "--force",
                    tmp.resolve("small").toString())));
            assertEquals(2, read.status(), read.err());
            assertTrue(Pattern.compile("dirdump: --buffer-size 1\\.0 MiB for each of 64 readers needs 64\\.0 MiB, more than "
                    + "half of the \\d+\\.\\d [KM]iB of memory there is \\(the limit of memory cgroup "
                    + Pattern.quote(cgroup.name()) + "\\): give fewer --jobs or a smaller --buffer-size\n"
                    + "Try 'dirdump --help' for more information\\.\n").matcher(read.err()).matches(), read.err());
        }
    }

    @Test
    void aReadBeyondTheParentsRoomSaysSoNamingIt() throws Exception {
        PageCache.evict(big);
        try (MemoryCgroup cgroup = MemoryCgroup.limitedTo(128 * MIB)) {
            Launched read = run(cgroup.in(true, "true", BuiltJar.command("--force", tmp.resolve("big").toString())));
            assertEquals(0, read.status(), read.err());
            assertTrue(Pattern.compile("dirdump: warning: the set needs more than the (\\d+\\.\\d MiB) brought in so far; "
                    + "about \\1 can be cached \\(the limit of memory cgroup " + Pattern.quote(cgroup.name()) + "\\): "
                    + "the end of the read will evict its start \\(--max-bytes stops at a bound\\)\n")
                    .matcher(read.errUnwrapped()).lookingAt(), read.err());
        }
    }

    /** The shell command that reads the fill into the page cache, charged to the cgroup it runs in. */
    private static String readFill() {
        return "cat " + tmp.resolve("fill") + "/* >/dev/null";
    }

    @ParameterizedTest(name = "in the child of the limited cgroup: {0}")
    @ValueSource(booleans = {false, true})
    void aReadInACgroupFullOfCleanPageCacheIsNotRefused(boolean inChild) throws Exception {
        PageCache.evict(fill);
        Path ran = tmp.resolve("ran-" + inChild);
        try (MemoryCgroup cgroup = MemoryCgroup.limitedTo(256 * MIB)) {
            Launched read = run(cgroup.in(inChild, readFill(), BuiltJar.command("-q", "--force",
                    tmp.resolve("small").toString())));
            assertEquals(0, read.status(), read.err());
            assertEquals("", read.err());
            assertTrue(cgroup.filePages() > 160 * MIB, "the cgroup's page cache: " + cgroup.filePages());

            Launched run = run(cgroup.in(inChild, readFill(), BuiltJar.command("run", tmp.resolve("small").toString(),
                    "--", "touch", ran.toString())));
            assertEquals(0, run.status(), run.err());
            assertTrue(Files.exists(ran), "COMMAND ran");
        }
    }

    @ParameterizedTest(name = "in the child of the limited cgroup: {0}")
    @ValueSource(booleans = {false, true})
    void aLockThatFitsOnceThePageCacheIsCountedIsTaken(boolean inChild) throws Exception {
        PageCache.evict(fill);
        PageCache.evict(small);
        Path ran = tmp.resolve("locked-" + inChild);
        try (MemoryCgroup cgroup = MemoryCgroup.limitedTo(256 * MIB)) {
            Launched run = run(cgroup.in(inChild, readFill(), BuiltJar.command("run", "--lock", "-v",
                    tmp.resolve("small").toString(), "--", "touch", ran.toString())));
            assertEquals(0, run.status(), run.err());
            assertTrue(run.err().startsWith("dirdump: locked 8 files, 64.0 MiB in memory\n"), run.err());
            assertTrue(Files.exists(ran), "COMMAND ran");
        }
    }
}
