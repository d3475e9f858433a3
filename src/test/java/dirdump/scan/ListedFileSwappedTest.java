package dirdump.scan;

import dirdump.testing.ReadPasses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.cache.EvictPass;
import dirdump.cache.ProbeMethod;
import dirdump.cache.ResidencyProbe;
import dirdump.cache.StatusPass;
import dirdump.lock.LockPass;
import dirdump.lock.LockedSet;
import dirdump.outcome.Reporter;
import dirdump.outcome.StopRequest;
import dirdump.outcome.Tally;
import dirdump.read.ReadLimits;
import dirdump.read.ReadMethod;
import dirdump.read.ReadPass;
import dirdump.read.Readers;
import dirdump.read.Reading;
import dirdump.report.StderrReporter;
import dirdump.sys.Os;
import dirdump.sys.PathNames;
import dirdump.testing.RecordingOs;
import dirdump.testing.Trees;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * With -L, a file that was a regular file when listed is opened with O_NOFOLLOW by every command,
 * however it was listed (walked, a PATH, a --files-from entry): listed, then swapped for a link to
 * /dev/zero, to a file or a FIFO outside the tree, or for a FIFO, then used. Each swapped name is
 * told as changed, and nothing a link leads to is opened.
 */
class ListedFileSwappedTest {
    /** How the files were listed. */
    enum Listed { WALKED, PATHS, FILES_FROM }

    private static final String[] NAMES = {"to-device", "to-secret", "to-pipe", "to-fifo", "keep"};

    @org.junit.jupiter.api.io.TempDir
    Path tmp;

    private final ByteArrayOutputStream messages = new ByteArrayOutputStream();
    private final Reporter reporter = new StderrReporter(new PrintStream(messages, true), StderrReporter.Verbosity.NORMAL);
    private final RecordingOs os = new RecordingOs(Os.load(reporter::warning));
    private Path tree;
    private Path secret;
    private Path pipe;

    @BeforeEach
    void files() throws Exception {
        tree = Files.createDirectory(tmp.resolve("tree"));
        for (String name : NAMES) {
            Trees.file(tree.resolve(name), 5000, name.hashCode());
        }
        secret = Trees.file(tmp.resolve("outside/secret"), 7000, 9);
        pipe = tmp.resolve("outside/pipe");
        assertEquals(0, Trees.sh(tmp, "mkfifo outside/pipe"));
    }

    private WalkResult list(Listed how) throws Exception {
        List<byte[]> paths = new ArrayList<>();
        PathListReader list = null;
        if (how == Listed.WALKED) {
            paths.add(PathNames.bytes(tree.toString()));
        } else {
            StringBuilder names = new StringBuilder();
            for (String name : NAMES) {
                names.append(tree.resolve(name)).append('\0');
                paths.add(PathNames.bytes(tree.resolve(name).toString()));
            }
            if (how == Listed.FILES_FROM) {
                paths.clear();
                list = new PathListReader(PathNames.bytes("list"),
                        new ByteArrayInputStream(names.toString().getBytes(StandardCharsets.UTF_8)));
            }
        }
        WalkResult walk = new Walker(os, new WalkSettings(true, false, Integer.MAX_VALUE, PathFilter.NONE), reporter,
                new Tally()).walk(paths, list);
        assertEquals(NAMES.length, walk.files.size(), messages.toString());
        return walk;
    }

    /** Between the listing and the use: what another user who can write the directory does. */
    private void swap() throws Exception {
        replaceWithLink("to-device", Path.of("/dev/zero"));
        replaceWithLink("to-secret", secret);
        replaceWithLink("to-pipe", pipe);
        Files.delete(tree.resolve("to-fifo"));
        assertEquals(0, Trees.sh(tree, "mkfifo to-fifo"));
    }

    private void replaceWithLink(String name, Path target) throws Exception {
        Files.delete(tree.resolve(name));
        Files.createSymbolicLink(tree.resolve(name), target);
    }

    /** Runs {@code use} on the listing, then checks what a user sees and what was opened. */
    private void check(Listed how, String notDone, Function<WalkResult, Tally> use) throws Exception {
        try (WalkResult walk = list(how)) {
            swap();
            int before = os.opened().size();
            Tally t = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> use.apply(walk));
            assertEquals(4, t.changed(), messages.toString());
            String text = messages.toString();
            for (String name : new String[] {"to-device", "to-secret", "to-pipe"}) {
                assertTrue(text.contains(tree.resolve(name) + ": is now a symbolic link; " + notDone), text);
            }
            assertTrue(text.contains(tree.resolve("to-fifo") + ": is now a fifo; " + notDone), text);
            List<RecordingOs.Identity> opened = os.opened().subList(before, os.opened().size());
            for (Path p : new Path[] {Path.of("/dev/zero"), secret, pipe}) {
                assertFalse(opened.contains(identity(p)), p + " was opened");
            }
        }
    }

    private static RecordingOs.Identity identity(Path p) throws Exception {
        Map<String, Object> a = Files.readAttributes(p, "unix:dev,ino");
        return new RecordingOs.Identity((Long) a.get("dev"), (Long) a.get("ino"));
    }

    private static int[] all(WalkResult walk) {
        return IntStream.range(0, walk.files.size()).toArray();
    }

    @ParameterizedTest
    @EnumSource(Listed.class)
    void aReadReadsOnlyTheFileStillThere(Listed how) throws Exception {
        check(how, "not read", walk -> {
            Tally t = ReadPasses.run(os, walk, all(walk), Reading.of(ReadMethod.READ, Readers.of(1, 4096)).withForce(true).withMeasureAfter(true),
                    new ReadLimits(0, new StopRequest()), reporter).tally();
            assertEquals(1, t.filesRead());
            assertEquals(5000, t.bytesRead(), "keep only: nothing of /dev/zero, the secret or a FIFO");
            return t;
        });
    }

    @ParameterizedTest
    @EnumSource(Listed.class)
    void aLockMapsOnlyTheFileStillThere(Listed how) throws Exception {
        check(how, "not locked", walk -> {
            Tally t = new Tally();
            try (LockedSet set = LockPass.map(os, walk, all(walk), 0, Long.MAX_VALUE, t, reporter, () -> false)) {
                assertEquals(8192, set.mappedBytes(), "the two pages of keep");
            }
            return t;
        });
    }

    @ParameterizedTest
    @EnumSource(Listed.class)
    void statusMeasuresOnlyTheFileStillThere(Listed how) throws Exception {
        check(how, "not measured", walk -> {
            Tally t = new Tally();
            StatusPass.run(os, walk, all(walk), new ResidencyProbe(ProbeMethod.AUTO), t, reporter,
                    (row, r, data, size) -> { }, 1, () -> false);
            return t;
        });
    }

    @ParameterizedTest
    @EnumSource(Listed.class)
    void evictEvictsOnlyTheFileStillThere(Listed how) throws Exception {
        check(how, "not evicted", walk -> {
            Tally t = new Tally();
            EvictPass.run(os, walk, all(walk), new ResidencyProbe(ProbeMethod.AUTO), true, t, reporter, 1, () -> false);
            return t;
        });
    }

    /** The size a --min-size filter or --format's %s takes: the link itself's lstat, never its target's. */
    @ParameterizedTest
    @EnumSource(Listed.class)
    void theSizeOfASwappedNameIsNotItsTarget(Listed how) throws Exception {
        try (WalkResult walk = list(how)) {
            swap();
            FileOpener opener = new FileOpener(os, walk, reporter, FileOpener.Use.SIZE);
            for (int f = 0; f < walk.files.size(); f++) {
                dirdump.sys.Stat st = opener.stat(f);
                long lstat = (Long) Files.readAttributes(Path.of(new String(walk.path(f), StandardCharsets.UTF_8)),
                        "unix:size", LinkOption.NOFOLLOW_LINKS).get("size");
                assertEquals(lstat, st.size, new String(walk.path(f), StandardCharsets.UTF_8));
            }
        }
    }
}
