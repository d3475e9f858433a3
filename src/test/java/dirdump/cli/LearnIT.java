package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dirdump.cache.ByteRanges;
import dirdump.cache.Snapshot;
import dirdump.testing.AsUser;
import dirdump.testing.BuiltJar;
import dirdump.testing.Launched;
import dirdump.testing.PageCache;
import dirdump.testing.RunSchema;
import dirdump.testing.Tools;
import dirdump.testing.Trees;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * run --learn on the built jar: a job (a shell script reading a known subset of a tree in a known
 * order, through a child and a grandchild, one file only in part) learned by fanotify as root and by
 * residency alone as an ordinary user; each snapshot compared with what the job read, replayed from a
 * cold cache (dirdump evict: the machine's page cache is never dropped) and checked with fincore; the merge.
 */
class LearnIT {
    private static final int MIB = 1 << 20;
    private static final int BIG = 32 * MIB;
    /** f3 by the script, f7 by a grandchild (sh -c), the first page of big by dd, then exit 3. */
    private static final String[] JOB = {
        "cat t/f3 > /dev/null",
        "sh -c 'cat t/f7 > /dev/null'",
        "dd if=t/big of=/dev/null bs=4096 count=1 skip=${SKIP:-0} status=none",
        "if [ -n \"$1\" ]; then : > \"$1\"; i=0; while [ ! -e \"$2\" ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i+1)); done; fi",
        "exit 3"};

    @TempDir
    Path tmp;

    private Path tree;

    @BeforeEach
    void tree() throws Exception {
        tree = Files.createDirectories(tmp.resolve("t"));
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            files.add(Trees.file(tree.resolve("f" + i), MIB, i));
        }
        files.add(Trees.file(tree.resolve("big"), BIG, 99));
        Trees.sync(files);
        Tools.script(tmp.resolve("job.sh"), JOB);
    }

    @Test
    void asRootFanotifyLearnsWhatTheJobsTreeReadAndNothingElse() throws Exception {
        assumeTrue(AsUser.isRoot(), "fanotify needs root");
        PageCache.retryIfDropped(() -> {
            evict();
            Path marker = tmp.resolve("reading");
            Path go = tmp.resolve("go");
            Files.deleteIfExists(marker);
            Files.deleteIfExists(go);
            Process learn = BuiltJar.builder("run", "--learn", "s", "t", "--", "./job.sh", marker.toString(),
                    go.toString()).directory(tmp.toFile()).redirectInput(new File("/dev/null"))
                    .redirectOutput(tmp.resolve("out").toFile()).redirectError(tmp.resolve("err").toFile()).start();
            for (int i = 0; i < 1200 && !Files.exists(marker) && learn.isAlive(); i++) {
                Thread.sleep(50);
            }
            Files.readAllBytes(tree.resolve("f9"));  // read under the PATH meanwhile, by a process not the job's
            Files.createFile(go);
            assertTrue(learn.waitFor(120, TimeUnit.SECONDS));
            String err = Files.readString(tmp.resolve("err"));
            assertEquals(3, learn.exitValue(), err);
            assertTrue(err.contains("dirdump: run --learn s: learned 3 files, ") && err.contains(" by fanotify ("),
                    err);
            Map<String, long[]> saved = saved(tmp.resolve("s"));
            assertEquals(List.of("big", "f3", "f7"), List.copyOf(saved.keySet()), err);
            assertArrayEquals(new long[] {0, MIB}, saved.get("f3"));
            assertArrayEquals(new long[] {0, MIB}, saved.get("f7"));
            assertPartOfBig(saved.get("big"), 0);
            replayedExactly(saved);
        });
    }

    @Test
    void anOrdinaryUserLearnsByResidencyAlone() throws Exception {
        List<String> asUser = new ArrayList<>();
        if (AsUser.isRoot()) {
            assumeTrue(Trees.sh(tmp, "command -v setpriv >/dev/null") == 0, "no setpriv (util-linux) here");
            // the user's own data, in a directory the user may enter and write: as a job's
            assumeTrue(Trees.sh(tmp, "chmod 755 . && chown -R " + AsUser.NOBODY + " . ") == 0, "cannot chown");
            asUser.addAll(List.of("setpriv", "--reuid=" + AsUser.NOBODY, "--regid=" + AsUser.NOBODY,
                    "--clear-groups", "env", "HOME=" + tmp));
        }
        PageCache.retryIfDropped(() -> {
            evict();
            List<String> command = new ArrayList<>(asUser);
            command.addAll(BuiltJar.command("run", "--learn", "s", "t", "--", "./job.sh"));
            Launched r = Launched.of(BuiltJar.builder(command).directory(tmp.toFile()));
            assertEquals(3, r.status(), r.err());
            assertTrue(r.err().contains("dirdump: run --learn s: learned 3 files, ")
                    && r.err().contains(" by residency alone (fanotify not used: not root;"), r.err());
            Map<String, long[]> saved = saved(tmp.resolve("s"));
            assertEquals(List.of("big", "f3", "f7"), List.copyOf(saved.keySet()), r.err());
            assertArrayEquals(new long[] {0, MIB}, saved.get("f3"));
            assertArrayEquals(new long[] {0, MIB}, saved.get("f7"));
            assertPartOfBig(saved.get("big"), 0);
            replayedExactly(saved);
        });
    }

    @Test
    void whereFanotifyIsRefusedRootLearnsByResidencyAndSaysWhy() throws Exception {
        // root in a user namespace of its own: uid 0, but not the capability fanotify asks for
        assumeTrue(Trees.sh(tmp, "unshare -U -r true 2>/dev/null") == 0, "no user namespaces here (unshare -U -r)");
        PageCache.retryIfDropped(() -> {
            evict();
            List<String> command = new ArrayList<>(List.of("unshare", "-U", "-r"));
            command.addAll(BuiltJar.command("run", "--learn", "s", "t", "--", "./job.sh"));
            Launched r = Launched.of(BuiltJar.builder(command).directory(tmp.toFile()));
            assertEquals(3, r.status(), r.err());
            assertTrue(r.err().contains(" by residency alone (fanotify not used: fanotify_init: Operation not "
                    + "permitted;"), r.err());
            assertEquals(List.of("big", "f3", "f7"), List.copyOf(saved(tmp.resolve("s")).keySet()), r.err());
        });
    }

    @Test
    void learningAgainMergesIntoTheSnapshot() throws Exception {
        PageCache.retryIfDropped(() -> {
            Files.deleteIfExists(tmp.resolve("s"));
            evict();
            Launched first = Launched.of(BuiltJar.builder("run", "--learn", "s", "t", "--", "./job.sh")
                    .directory(tmp.toFile()));
            assertEquals(3, first.status(), first.err());
            evict();
            Tools.script(tmp.resolve("job2.sh"), "cat t/f5 > /dev/null",
                    "dd if=t/big of=/dev/null bs=4096 count=1 skip=6144 status=none");
            Launched second = Launched.of(BuiltJar.builder("run", "--learn", "s", "--json", "t", "--", "./job2.sh")
                    .directory(tmp.toFile()));
            assertEquals(0, second.status(), second.err());
            RunSchema.check(second.out());
            JsonObject learn = JsonParser.parseString(second.out()).getAsJsonObject().getAsJsonObject("learn");
            assertEquals(2, learn.get("files_learned").getAsLong());
            assertEquals(1, learn.get("files_merged").getAsLong());
            assertEquals(4, learn.get("files").getAsLong());
            assertEquals(0, learn.get("command_exit_status").getAsInt());
            assertEquals(AsUser.isRoot() ? "fanotify" : "residency", learn.get("method").getAsString());
            assertTrue(second.err().contains("learned 2 files, ") && second.err().contains(
                    "; s holds 4 files, ") && second.err().contains(" (1 learned before too, 2 kept from before)"),
                    second.err());
            Map<String, long[]> saved = saved(tmp.resolve("s"));
            assertEquals(List.of("big", "f3", "f5", "f7"), List.copyOf(saved.keySet()));
            long[] big = saved.get("big");
            assertPartOfBig(big, 0);
            assertPartOfBig(big, 24L * MIB);
        });
    }

    @Test
    void whatCannotBeLearnedIsRefusedBeforeCommandRuns() throws Exception {
        Files.writeString(tmp.resolve("notes"), "not a snapshot\n");
        String[][] refused = {
            {"run", "--learn", "notes", "t", "--", "touch", "ran"},
            {"run", "--learn", "-", "t", "--", "touch", "ran"},
            {"run", "--lock", "--learn", "s", "t", "--", "touch", "ran"},
            {"run", "--learn", "no/such/dir/s", "t", "--", "touch", "ran"},
            {"run", "--json", "t", "--", "touch", "ran"}};
        for (String[] args : refused) {
            Launched r = Launched.of(BuiltJar.builder(args).directory(tmp.toFile()));
            assertEquals(2, r.status(), String.join(" ", args) + ": " + r.err());
            assertTrue(r.err().startsWith("dirdump: "), r.err());
            assertFalse(Files.exists(tmp.resolve("ran")), String.join(" ", args));
        }
        assertEquals("not a snapshot\n", Files.readString(tmp.resolve("notes")));
        Launched missing = Launched.of(BuiltJar.builder("run", "--learn", "s", "nothere", "--", "touch", "ran")
                .directory(tmp.toFile()));
        assertEquals(125, missing.status(), missing.err());
        assertFalse(Files.exists(tmp.resolve("ran")));
        assertFalse(Files.exists(tmp.resolve("s")));
    }

    /** The first page of big (from {@code at}) saved, and less than half of the file: read only in part. */
    private static void assertPartOfBig(long[] ranges, long at) {
        boolean covered = false;
        for (int i = 0; i < ranges.length; i += 2) {
            covered |= ranges[i] <= at && at + 4096 <= ranges[i + 1];
        }
        assertTrue(covered, "page at " + at + " in " + Arrays.toString(ranges));
        assertTrue(ByteRanges.ofPairs(ranges).length() < BIG / 2, Arrays.toString(ranges));
    }

    /**
     * From a cold cache (the tree evicted), --replay brings in exactly what was saved: fincore counts
     * the pages of each file saved, and none of the others.
     */
    private void replayedExactly(Map<String, long[]> saved) throws Exception {
        evict();
        Launched replay = Launched.of(BuiltJar.builder("--replay", "s").directory(tmp.toFile()));
        assertEquals(0, replay.status(), replay.err());
        for (int i = 0; i < 10; i++) {
            String name = "f" + i;
            assertEquals(saved.containsKey(name) ? ByteRanges.ofPairs(saved.get(name)).length() : 0, fincore(name), name);
        }
        assertEquals(ByteRanges.ofPairs(saved.get("big")).length(), fincore("big"), "big");
    }

    private long fincore(String name) throws Exception {
        return Long.parseLong(Trees.shOutput(tree, "fincore --bytes --noheadings --output RES " + name).trim());
    }

    private void evict() throws Exception {
        Launched r = Launched.of(BuiltJar.builder("evict", "-q", tree.toString()));
        assertEquals(0, r.status(), r.err());
    }

    /** The snapshot's files under t, by name, with their ranges in bytes. */
    private static Map<String, long[]> saved(Path snapshot) throws Exception {
        Map<String, long[]> files = new TreeMap<>();
        for (Snapshot.Entry e : Snapshot.read(Files.readAllBytes(snapshot)).entries()) {
            assertEquals("t", new String(e.root(), StandardCharsets.UTF_8));
            files.put(new String(e.name(), StandardCharsets.UTF_8), e.ranges());
        }
        return files;
    }
}
