package dirdump.read;

import dirdump.testing.ReadPasses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.order.LocateMethod;
import dirdump.order.Order;
import dirdump.order.OrderSettings;
import dirdump.order.Orderer;
import dirdump.outcome.Reporter;
import dirdump.outcome.StopRequest;
import dirdump.outcome.Tally;
import dirdump.report.StderrReporter;
import dirdump.scan.PathFilter;
import dirdump.scan.UniqueFiles;
import dirdump.scan.WalkResult;
import dirdump.scan.WalkSettings;
import dirdump.scan.Walker;
import dirdump.sys.Os;
import dirdump.sys.PathNames;
import dirdump.testing.Trees;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files that change between the walk and the read: what a cron job over a busy tree meets. */
class ChangedBeforeReadTest {
    @TempDir
    Path tmp;

    private final ByteArrayOutputStream messages = new ByteArrayOutputStream();
    private final Reporter reporter = new StderrReporter(new PrintStream(messages, true), StderrReporter.Verbosity.NORMAL);
    private final Os os = Os.load(reporter::warning);
    private WalkResult walk;

    @BeforeEach
    void walk() throws Exception {
        for (String name : new String[] {"keep", "deleted", "to-symlink", "to-fifo", "replaced"}) {
            Trees.file(tmp.resolve(name), 1000, name.hashCode());
        }
        walk = new Walker(os, new WalkSettings(false, false, Integer.MAX_VALUE, PathFilter.NONE), reporter, new Tally())
                .walk(List.of(PathNames.bytes(tmp.toString())), null);
    }

    private Tally read() {
        int[] sequence = Orderer.plan(walk, UniqueFiles.of(walk, new Tally(), reporter),
                new OrderSettings(Order.INODE, LocateMethod.AUTO, false), os, reporter).sequence();
        return assertTimeoutPreemptively(Duration.ofSeconds(30),
                () -> ReadPasses.run(os, walk, sequence, Reading.of(ReadMethod.READ, Readers.of(1, 4096)).withForce(true)
                        .withMeasureAfter(true), new ReadLimits(0, new StopRequest()), reporter).tally());
    }

    @Test
    void aFileDeletedAfterTheWalkIsAnErrorAndTheRestIsRead() throws Exception {
        Files.delete(tmp.resolve("deleted"));
        Tally t = read();
        assertEquals(4, t.filesRead());
        assertEquals(1, t.errors());
        assertTrue(messages.toString().contains("dirdump: " + tmp.resolve("deleted") + ": No such file or directory"),
                messages.toString());
    }

    @Test
    void aFileSwappedForASymlinkOrFifoOrAnotherFileIsNotRead() throws Exception {
        Path secret = Trees.file(tmp.resolve("elsewhere/secret"), 5000, 9);
        Files.delete(tmp.resolve("to-symlink"));
        Files.createSymbolicLink(tmp.resolve("to-symlink"), secret);
        Files.delete(tmp.resolve("to-fifo"));
        assertEquals(0, Trees.sh(tmp, "mkfifo to-fifo"));
        // Made while the old file still holds its inode, so that the new one cannot reuse the number.
        Path newer = Trees.file(tmp.resolve("elsewhere/newer"), 7000, 10);
        Files.move(newer, tmp.resolve("replaced"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);

        Tally t = read();

        assertEquals(2, t.filesRead(), "keep and deleted");
        assertEquals(2000, t.bytesRead(), "nothing of the secret, the FIFO or the new file");
        assertEquals(3, t.changed());
        String text = messages.toString();
        assertTrue(text.contains(tmp.resolve("to-symlink") + ": is now a symbolic link; not read"), text);
        assertTrue(text.contains(tmp.resolve("to-fifo") + ": is now a fifo; not read"), text);
        assertTrue(text.contains(tmp.resolve("replaced") + ": was replaced by another file"), text);
    }
}
