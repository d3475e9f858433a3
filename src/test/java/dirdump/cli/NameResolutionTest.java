package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.order.LocateMethod;
import dirdump.order.Order;
import dirdump.order.OrderSettings;
import dirdump.order.Orderer;
import dirdump.outcome.Reporter;
import dirdump.outcome.Tally;
import dirdump.report.StderrReporter;
import dirdump.scan.PathFilter;
import dirdump.scan.UniqueFiles;
import dirdump.scan.WalkResult;
import dirdump.scan.WalkSettings;
import dirdump.scan.Walker;
import dirdump.sys.FileSystems;
import dirdump.sys.Os;
import dirdump.sys.PathNames;
import dirdump.testing.DirdumpRun;
import dirdump.testing.Trees;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How names are resolved: PATHs by name, --files-from names with no link followed unless -L. */
class NameResolutionTest {
    @TempDir
    Path tmp;

    @Test
    void aListedNameThroughASymlinkedDirectoryIsSkippedWithoutFollowAndReadWithIt() throws Exception {
        Path secret = Trees.file(tmp.resolve("elsewhere/shadow"), 700, 1);
        Path set = Files.createDirectories(tmp.resolve("set"));
        Trees.file(set.resolve("plain"), 100, 2);
        Files.createSymbolicLink(set.resolve("a"), secret.getParent());
        byte[] list = (set.resolve("a/shadow") + "\n" + set.resolve("plain") + "\n").getBytes(StandardCharsets.UTF_8);

        DirdumpRun plain = DirdumpRun.withInput(list, "--force", "--json", "--files-from", "-");
        assertEquals(0, plain.status(), plain.err());
        assertEquals(1, plain.count("files_read"));
        assertEquals(100, plain.count("bytes_read"), "nothing of the file behind the link");
        assertEquals(1, plain.skipped("symlink"));
        assertTrue(plain.err().contains("dirdump: " + set.resolve("a") + ": a symbolic link on the way; the files "
                + "listed in it are not read (-L follows it)"), plain.err());

        DirdumpRun followed = DirdumpRun.withInput(list, "--force", "--json", "-L", "--files-from", "-");
        assertEquals(0, followed.status(), followed.err());
        assertEquals(2, followed.count("files_read"));
        assertEquals(800, followed.count("bytes_read"));
    }

    @Test
    void aListedNameWithDotDotInsideStaysBelowWhereItStarts() throws Exception {
        Path set = Files.createDirectories(tmp.resolve("set"));
        Trees.file(set.resolve("d/f"), 10, 1);
        Trees.file(set.resolve("g"), 20, 2);
        byte[] list = (set + "/d/../g\n" + set + "/d/../d/f\n").getBytes(StandardCharsets.UTF_8);
        DirdumpRun run = DirdumpRun.withInput(list, "--force", "--json", "--files-from", "-");
        assertEquals(0, run.status(), run.err());
        assertEquals(30, run.count("bytes_read"));
    }

    /**
     * Names of PATH_MAX and more are resolved one directory at a time, each closed once the next is
     * open: a ".." goes back to the directory it came from, and one above where the name starts is an
     * error of that name, as openat2's RESOLVE_BENEATH makes it for a shorter name.
     */
    @Test
    void aNameBeyondPathMaxWithDotDotStepsStaysBelowWhereItStarts() throws Exception {
        Path set = Files.createDirectories(tmp.resolve("set"));
        Trees.file(set.resolve("d/f"), 10, 1);
        Trees.file(set.resolve("g"), 20, 2);
        String down = set + "/d/..".repeat(1000) + "/d/f";
        String above = "/" + "./".repeat(2100) + "../" + set.toString().substring(1) + "/g";
        byte[] list = (down + "\n" + above + "\n").getBytes(StandardCharsets.UTF_8);
        DirdumpRun run = DirdumpRun.withInput(list, "--force", "--json", "--files-from", "-");
        assertEquals(1, run.status(), run.err());
        assertEquals(10, run.count("bytes_read"), "the file below, not the one reached from above the start");
        assertEquals(1, run.count("errors"));
        assertTrue(run.err().endsWith(": '..' climbs above the directory the name starts from\n"), run.err());
    }

    @Test
    void theSameDirectoryGivenTwiceIsWalkedOnce() throws Exception {
        Trees.randomTree(tmp.resolve("set"), 30, 1000, 3);
        for (String follow : new String[] {"--order=inode", "-L"}) {
            DirdumpRun once = DirdumpRun.json("--force", follow, tmp.resolve("set"));
            DirdumpRun twice = DirdumpRun.json("--force", follow, tmp.resolve("set"), tmp.resolve("set") + "/");
            assertEquals(0, twice.status(), twice.err());
            assertEquals(once.count("directories"), twice.count("directories"), follow);
            assertEquals(once.count("bytes_read"), twice.count("bytes_read"), follow);
            assertEquals(1, twice.skipped("duplicate"), follow);
        }
    }

    @Test
    void aTrailingSlashOnAFileIsNotADirectory() throws Exception {
        Path f = Trees.file(tmp.resolve("f"), 10, 1);
        DirdumpRun run = DirdumpRun.of("--force", f + "/");
        assertEquals(2, run.status(), run.err());
        assertTrue(run.err().contains("dirdump: " + f + ": Not a directory"), run.err());

        byte[] list = (f + "/\n").getBytes(StandardCharsets.UTF_8);
        DirdumpRun listed = DirdumpRun.withInput(list, "--force", "--json", "--files-from", "-");
        assertEquals(1, listed.status(), listed.err());
        assertEquals(0, listed.count("files_read"));
    }

    /** The file system is asked of the directory as it is walked, not of a file that may be gone by then. */
    @Test
    void aDeletedFirstFileLeavesTheFileSystemKnown() throws Exception {
        List<Path> files = Trees.randomTree(tmp.resolve("set"), 5, 100, 4);
        Reporter quiet = new StderrReporter(new PrintStream(OutputStream.nullOutputStream()), StderrReporter.Verbosity.QUIET);
        Os os = Os.load(quiet::warning);
        try (WalkResult walk = new Walker(os, new WalkSettings(false, false, Integer.MAX_VALUE, PathFilter.NONE), quiet,
                new Tally()).walk(List.of(PathNames.bytes(tmp.resolve("set").toString())), null)) {
            for (Path f : files) {
                Files.delete(f);
            }
            String fileSystem = Orderer.plan(walk, UniqueFiles.of(walk, new Tally(), quiet),
                    new OrderSettings(Order.AUTO, LocateMethod.AUTO, false), os, quiet).devices().get(0).fileSystem();
            long magic = Long.parseLong(Trees.shOutput(tmp, "stat -f -c %t .").trim(), 16);
            assertEquals(FileSystems.name(magic), fileSystem);
        }
    }
}
