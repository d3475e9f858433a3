package dirdump.scan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.outcome.Reporter;
import dirdump.outcome.SkipReason;
import dirdump.outcome.Tally;
import dirdump.report.StderrReporter;
import dirdump.sys.Directory;
import dirdump.sys.EntrySink;
import dirdump.sys.FileType;
import dirdump.sys.Os;
import dirdump.sys.PathNames;
import dirdump.sys.SysException;
import dirdump.testing.ForwardingOs;
import dirdump.testing.Trees;
import java.io.ByteArrayInputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WalkerTest {
    @TempDir
    Path tmp;

    private final Reporter reporter = new StderrReporter(new PrintStream(OutputStream.nullOutputStream()), StderrReporter.Verbosity.QUIET);
    private final Os os = Os.load(reporter::warning);

    private WalkResult walk(Os through, Tally tally) {
        return new Walker(through, new WalkSettings(false, false, Integer.MAX_VALUE, PathFilter.NONE), reporter, tally)
                .walk(List.of(PathNames.bytes(tmp.toString())), null);
    }

    /**
     * Some file systems leave d_type DT_UNKNOWN. The same real tree, listed with every type erased,
     * must give the same files with the same inodes (found by lstat instead).
     */
    @Test
    void entriesOfUnknownTypeAreStatedAndListedTheSame() throws Exception {
        Trees.randomTree(tmp, 60, 100, 3);
        Files.createSymbolicLink(tmp.resolve("link"), tmp.resolve("d0"));
        assertEquals(0, Trees.sh(tmp, "mkfifo fifo"));

        Tally typed = new Tally();
        Tally untyped = new Tally();
        WalkResult expected = walk(os, typed);
        WalkResult actual = walk(new UnknownTypes(os), untyped);

        assertEquals(60, expected.files.size());
        assertEquals(expected.files.size(), actual.files.size());
        for (int f = 0; f < expected.files.size(); f++) {
            assertArrayEquals(expected.path(f), actual.path(f));
            assertEquals(expected.files.ino(f), actual.files.ino(f));
            assertEquals(Trees.inode(Path.of(new String(actual.path(f)))), actual.files.ino(f));
        }
        assertEquals(typed.skippedTotal(), untyped.skippedTotal());
        assertEquals(typed.directories(), untyped.directories());
    }

    @Test
    void filtersLeaveOutTheSameEntriesWhenTheTypeIsUnknown() throws Exception {
        Trees.randomTree(tmp, 60, 100, 4);
        WalkSettings settings = new WalkSettings(false, false, Integer.MAX_VALUE,
                PathFilter.of(List.of(PathNames.bytes("**/f*[02468]")), List.of(PathNames.bytes("d1/"), PathNames.bytes("e2"))));
        Tally typed = new Tally();
        Tally untyped = new Tally();
        List<byte[]> paths = List.of(PathNames.bytes(tmp.toString()));
        WalkResult expected = new Walker(os, settings, reporter, typed).walk(paths, null);
        WalkResult actual = new Walker(new UnknownTypes(os), settings, reporter, untyped).walk(paths, null);
        assertEquals(expected.files.size(), actual.files.size());
        for (int f = 0; f < expected.files.size(); f++) {
            assertArrayEquals(expected.path(f), actual.path(f));
            String rel = tmp.relativize(Path.of(new String(actual.path(f)))).toString();
            assertTrue(rel.matches("d[02-4]/e[01]/f\\d*[02468]"), rel);
        }
        assertEquals(typed.skipped(SkipReason.PATTERN), untyped.skipped(SkipReason.PATTERN));
        assertEquals(typed.directories(), untyped.directories(), "d1 and each e2 are pruned, not listed");
    }

    /** A million-name list must not make a million roots: the files of one directory share its root. */
    @Test
    void listedFilesShareOneRootPerDirectory() throws Exception {
        List<Path> files = Trees.randomTree(tmp, 300, 10, 5);
        StringBuilder names = new StringBuilder();
        for (Path f : files) {
            names.append(f).append('\n');
        }
        long directories = files.stream().map(Path::getParent).distinct().count();
        PathListReader list = new PathListReader(new byte[] {'-'},
                new ByteArrayInputStream(names.toString().getBytes(StandardCharsets.UTF_8)), false, os);
        WalkResult walk = new Walker(os, new WalkSettings(false, false, Integer.MAX_VALUE, PathFilter.NONE), reporter,
                new Tally()).walk(List.of(), list);
        assertEquals(300, walk.files.size());
        assertEquals(directories, walk.directories.size());
        for (int f = 0; f < 300; f++) {
            assertEquals(files.get(f).toString(), new String(walk.path(f), StandardCharsets.UTF_8));
        }
    }

    /** A signal during the walk ends it with what was listed so far: here, after the first directory. */
    @Test
    void aStopEndsTheWalkWithWhatWasListed() throws Exception {
        Files.createFile(tmp.resolve("top"));
        Trees.randomTree(tmp, 60, 100, 6);
        Tally tally = new Tally();
        List<byte[]> twice = Collections.nCopies(2, PathNames.bytes(tmp.toString()));
        WalkResult walk = new Walker(os, new WalkSettings(false, false, Integer.MAX_VALUE, PathFilter.NONE), reporter,
                tally).stopWhen(() -> tally.directories() > 0).walk(twice, null);
        assertEquals(1, tally.directories());
        assertEquals(1, walk.files.size(), "the one file directly in the first PATH");
        assertEquals(0, walk.unusablePaths, "the PATH left is not walked, and not unusable either");
    }

    /** Real system calls, but every directory entry comes back as DT_UNKNOWN. */
    private static final class UnknownTypes extends ForwardingOs {
        UnknownTypes(Os real) {
            super(real);
        }

        @Override
        public void list(Directory dir, EntrySink sink) throws SysException {
            real.list(dir, (name, ino, type) -> sink.entry(name, ino, FileType.UNKNOWN));
        }
    }
}
