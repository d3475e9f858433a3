package dirdump.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.outcome.Reporter;
import dirdump.outcome.Tally;
import dirdump.report.StderrReporter;
import dirdump.sys.Directory;
import dirdump.sys.EntrySink;
import dirdump.sys.FileType;
import dirdump.sys.Os;
import dirdump.sys.PathNames;
import dirdump.sys.SysException;
import dirdump.testing.ForwardingOs;
import dirdump.testing.ListedNames;
import dirdump.testing.Trees;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The walk's listers (ListAhead) over real directories of more entries than their bound, with the real
 * system calls: a listing that passes the bound is dropped as it passes it (what the listers hold never
 * exceeds it, and the lister stops calling getdents64), and the walk lists the directory itself, from
 * its start: every file once, in the order of a walk without listers.
 */
class ListAheadTest {
    /** Entries of a big directory: three getdents64 calls' worth of 6-byte names (32 bytes a record, 128 KiB a call). */
    private static final int ENTRIES = 12_000;
    private static final int BIG = 3;
    private static final int BOUND = 2_000;

    @TempDir
    static Path tmp;

    private final Reporter reporter = new StderrReporter(new PrintStream(OutputStream.nullOutputStream()),
            StderrReporter.Verbosity.QUIET);
    private final Os os = Os.load(reporter::warning);

    /** Big directories only, each above the bound: every listing ahead is dropped. */
    @BeforeAll
    static void tree() throws Exception {
        for (int d = 0; d < BIG; d++) {
            Path dir = Files.createDirectory(tmp.resolve("big" + d));
            for (int i = 0; i < ENTRIES; i++) {
                Files.createFile(dir.resolve(String.format("f%05d", i)));
            }
        }
    }

    /**
     * The real calls. A lister's listing is watched entry by entry: what it holds (each entry it took while
     * it was not full) is added up over all listers, and given back once it is full (dropped). The walk's
     * own listing of a big directory waits until a lister has ended a listing, so that the listers have
     * taken the others (the walk takes at most the first itself).
     */
    private final class Watched extends ForwardingOs {
        final Thread walking = Thread.currentThread();
        final CountDownLatch listedAhead = new CountDownLatch(1);
        final AtomicInteger held = new AtomicInteger();
        final AtomicInteger mostHeld = new AtomicInteger();
        /** Entries each of the listers' listings was given, before it stopped. */
        final ConcurrentLinkedQueue<Integer> given = new ConcurrentLinkedQueue<>();

        Watched() {
            super(os);
        }

        @Override
        public void list(Directory dir, EntrySink sink) throws SysException {
            if (Thread.currentThread() != walking) {
                Counted counted = new Counted(sink);
                try {
                    real.list(dir, counted);
                } finally {
                    given.add(counted.given);
                    listedAhead.countDown();
                }
                return;
            }
            if (dir.stat().ino != rootIno) {
                try {
                    listedAhead.await(120, TimeUnit.SECONDS);  // a bound on a hang: the listers' listings end
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            real.list(dir, sink);
        }

        private final class Counted implements EntrySink {
            final EntrySink sink;
            int given;
            int kept;

            Counted(EntrySink sink) {
                this.sink = sink;
            }

            @Override
            public void entry(byte[] name, long ino, FileType type) {
                given++;
                boolean fullBefore = sink.full();
                sink.entry(name, ino, type);
                if (!fullBefore && !sink.full()) {
                    kept++;
                    mostHeld.accumulateAndGet(held.incrementAndGet(), Math::max);
                } else if (!fullBefore) {
                    held.addAndGet(-kept);  // dropped: what it held is let go
                }
            }

            @Override
            public boolean full() {
                return sink.full();
            }
        }
    }

    private long rootIno;

    private List<String> walk(Os through, int listers) throws Exception {
        rootIno = Trees.inode(tmp);
        Walker walker = new Walker(through, new WalkSettings(false, false, Integer.MAX_VALUE, PathFilter.NONE), reporter,
                new Tally());
        if (listers > 0) {
            walker.listAhead(listers, BOUND);
        }
        List<String> paths = new ArrayList<>();
        try (WalkResult walk = walker.walk(List.of(PathNames.bytes(tmp.toString())), null)) {
            for (int f = 0; f < walk.files.size(); f++) {
                paths.add(new String(walk.path(f), StandardCharsets.UTF_8));
            }
        }
        return paths;
    }

    @Test
    void aListingPastTheBoundIsDroppedAsItPassesItAndTheWalkListsEveryFileOnce() throws Exception {
        Watched watched = new Watched();
        List<String> ahead = walk(watched, 4);

        assertTrue(watched.mostHeld.get() > 0, "the listers listed ahead");
        assertTrue(watched.mostHeld.get() <= BOUND, "the listers held " + watched.mostHeld.get() + " entries at once, "
                + "above the bound of " + BOUND);
        assertFalse(watched.given.isEmpty());
        for (int given : watched.given) {
            assertTrue(given < ENTRIES, "a lister went on listing a dropped directory: " + given + " entries of "
                    + ENTRIES + " (" + watched.given + ")");
        }
        assertEquals(BIG * ENTRIES, ahead.size(), "every file of the dropped directories, listed by the walk");
        assertEquals(ahead.size(), new HashSet<>(ahead).size(), "each file once");
        assertEquals(walk(os, 0), ahead, "the files and their order of a walk without listers");
    }

    @Test
    void aDirectoryListedAgainStartsFromItsFirstEntry() throws Exception {
        try (Directory dir = os.openPath(PathNames.bytes(tmp.resolve("big0").toString()), true)) {
            ListedNames first = new ListedNames(1);
            os.list(dir, first);
            assertTrue(first.names.size() < ENTRIES, "the listing stopped once full, after one getdents64: "
                    + first.names.size());
            List<String> again = new ArrayList<>();
            os.listAgain(dir, (name, ino, type) -> again.add(new String(name, StandardCharsets.UTF_8)));
            assertEquals(ENTRIES, again.size());
            assertEquals(ENTRIES, new HashSet<>(again).size());
        }
    }
}
