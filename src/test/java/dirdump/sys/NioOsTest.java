package dirdump.sys;

import dirdump.testing.ReadPasses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.order.LocateMethod;
import dirdump.order.Order;
import dirdump.order.OrderSettings;
import dirdump.order.Orderer;
import dirdump.outcome.Reporter;
import dirdump.outcome.StopRequest;
import dirdump.outcome.Tally;
import dirdump.read.ReadLimits;
import dirdump.read.ReadMethod;
import dirdump.read.ReadPass;
import dirdump.read.Readers;
import dirdump.read.Reading;
import dirdump.report.StderrReporter;
import dirdump.scan.PathFilter;
import dirdump.scan.UniqueFiles;
import dirdump.scan.WalkResult;
import dirdump.scan.WalkSettings;
import dirdump.scan.Walker;
import dirdump.testing.ListedNames;
import dirdump.testing.RecordingOs;
import dirdump.testing.Trees;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The java.nio fallback keeps the native guarantees, or refuses: names open relative to open directories. */
class NioOsTest {
    @TempDir
    Path tmp;

    private final ByteArrayOutputStream messages = new ByteArrayOutputStream();
    private final Reporter reporter = new StderrReporter(new PrintStream(messages, true), StderrReporter.Verbosity.NORMAL);

    private Tally walkAndRead(Os os, Path tree, Tally walked) {
        try (WalkResult walk = new Walker(os, new WalkSettings(false, false, Integer.MAX_VALUE, PathFilter.NONE),
                reporter, walked).walk(List.of(PathNames.bytes(tree.toString())), null)) {
            int[] sequence = Orderer.plan(walk, UniqueFiles.of(walk, new Tally(), reporter),
                    new OrderSettings(Order.INODE, LocateMethod.AUTO, false), os, reporter).sequence();
            return ReadPasses.run(os, walk, sequence, Reading.of(ReadMethod.READ, Readers.of(2, 4096)).withForce(true).withMeasureAfter(true),
                    new ReadLimits(0, new StopRequest()), reporter).tally();
        }
    }

    @Test
    void aTreeReadsTheSameAsNatively() throws Exception {
        Path tree = tmp.resolve("tree");
        long bytes = Trees.totalSize(Trees.randomTree(tree, 40, 5000, 1));
        Tally nio = walkAndRead(new NioOs("a test asked for java.nio"), tree, new Tally());
        Tally libc = walkAndRead(Os.load(reporter::warning), tree, new Tally());
        assertEquals(40, nio.filesRead(), messages.toString());
        assertEquals(bytes, nio.bytesRead());
        assertEquals(libc.bytesRead(), nio.bytesRead());
    }

    @Test
    void aDirectoryOtherUsersCanWriteToIsNotWalked() throws Exception {
        Path tree = tmp.resolve("tree");
        Trees.file(tree.resolve("mine"), 100, 1);
        Trees.file(tree.resolve("shared/theirs"), 200, 2);
        Files.setPosixFilePermissions(tree.resolve("shared"), PosixFilePermissions.fromString("rwxrwxrwx"));
        Tally walked = new Tally();
        Tally read = walkAndRead(new NioOs("a test asked for java.nio"), tree, walked);
        assertEquals(1, read.filesRead());
        assertEquals(100, read.bytesRead());
        assertEquals(1, walked.errors());
        assertTrue(messages.toString().contains(tree.resolve("shared") + ": other users can write to it, and the "
                + "java.nio fallback cannot open names there safely; not walked"), messages.toString());
    }

    @Test
    void aDirectorySwappedForALinkOnceListedIsNotEntered() throws Exception {
        Path tree = tmp.resolve("tree");
        Trees.file(tree.resolve("keep"), 100, 1);
        Trees.file(tree.resolve("a/f"), 200, 2);
        RecordingOs os = new RecordingOs(new NioOs("a test asked for java.nio"));
        os.whenListed("a", () -> {
            try {
                Files.move(tree.resolve("a"), tree.resolve("a.moved"));
                Files.createSymbolicLink(tree.resolve("a"), Path.of("/etc"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        Tally walked = new Tally();
        Tally read = walkAndRead(os, tree, walked);
        assertEquals(100, read.bytesRead());
        assertEquals(1, walked.changed());
        assertTrue(messages.toString().contains(tree.resolve("a") + ": is now a symbolic link; not walked"),
                messages.toString());
        Set<RecordingOs.Identity> inside = RecordingOs.identitiesUnder(tree);
        for (RecordingOs.Identity id : os.opened()) {
            assertTrue(inside.contains(id), "opened " + id + " outside the tree");
        }
    }

    /** A listing ended part of the way (the walk's listers drop one past their bound) leaves the walk a whole one. */
    @Test
    void aDirectoryListedAgainStartsFromItsFirstEntry() throws Exception {
        Path dir = Files.createDirectory(tmp.resolve("dir"));
        for (int i = 0; i < 50; i++) {
            Files.createFile(dir.resolve("f" + i));
        }
        Os os = new NioOs("a test asked for java.nio");
        try (Directory d = os.openPath(PathNames.bytes(dir.toString()), true)) {
            ListedNames listed = new ListedNames(5);
            os.list(d, listed);
            List<String> first = listed.names;
            assertEquals(5, first.size(), "stopped once full");
            Set<String> again = new HashSet<>();
            os.listAgain(d, (name, ino, type) -> again.add(new String(name, StandardCharsets.UTF_8)));
            assertEquals(50, again.size());
            assertTrue(again.containsAll(first));
        }
    }
}
