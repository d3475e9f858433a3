package dirdump.sys;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.kenai.jffi.MemoryIO;
import dirdump.testing.ByPath;
import dirdump.testing.SystemTests;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** io_uring reads against the bytes written, on real files; a ring the kernel refuses. */
class LibcReadRingTest {
    private static final int BUFFER = 64 << 10;
    private static final Path IO_URING_DISABLED = Path.of("/proc/sys/kernel/io_uring_disabled");

    @TempDir
    Path tmp;

    private final Os os = LibcOs.create();

    private static byte[] pattern(int size, int seed) {
        byte[] b = new byte[size];
        for (int i = 0; i < size; i++) {
            b[i] = (byte) (i * 31 + seed + i / 4096);
        }
        return b;
    }

    /** Completions, by slot, until {@code count} were taken. */
    private static Map<Integer, Integer> complete(ReadRing ring, int count) throws SysException {
        Map<Integer, Integer> done = new HashMap<>();
        int[] slots = new int[ring.depth()];
        int[] results = new int[ring.depth()];
        while (done.size() < count) {
            int n = ring.submitAndWait(slots, results);
            assertTrue(n > 0, "each wait takes at least one completion");
            for (int i = 0; i < n; i++) {
                done.put(slots[i], results[i]);
            }
        }
        assertEquals(0, ring.inFlight());
        return done;
    }

    private static byte[] slotBytes(LibcReadRing ring, int slot, int length) {
        byte[] b = new byte[length];
        MemoryIO.getInstance().getByteArray(ring.buffer(slot), b, 0, length);
        return b;
    }

    @Test
    void readsKnownBytesAtOffsetsOfSeveralFilesInOneSubmission() throws Exception {
        byte[] a = pattern(2 * BUFFER + 100, 1);
        byte[] b = pattern(5000, 7);
        Files.write(tmp.resolve("a"), a);
        Files.write(tmp.resolve("b"), b);
        try (OpenFile fa = ByPath.open(os, tmp.resolve("a")); OpenFile fb = ByPath.open(os, tmp.resolve("b"));
             ReadRing ring = os.readRing(8, BUFFER)) {
            LibcReadRing r = (LibcReadRing) ring;
            assertEquals(0, r.buffer(0) % 4096, "buffers are page-aligned");
            ring.queue(fa, 0, 0, BUFFER);
            ring.queue(fa, 1, BUFFER, BUFFER);
            ring.queue(fa, 2, 2 * BUFFER, BUFFER);
            ring.queue(fb, 3, 0, BUFFER);
            ring.queue(fb, 4, 5000, BUFFER);
            ring.queue(fb, 5, 1000, 10);
            assertEquals(6, ring.inFlight());
            Map<Integer, Integer> done = complete(ring, 6);
            assertEquals(Map.of(0, BUFFER, 1, BUFFER, 2, 100, 3, 5000, 4, 0, 5, 10), done);
            assertArrayEquals(Arrays.copyOfRange(a, 0, BUFFER), slotBytes(r, 0, BUFFER));
            assertArrayEquals(Arrays.copyOfRange(a, BUFFER, 2 * BUFFER), slotBytes(r, 1, BUFFER));
            assertArrayEquals(Arrays.copyOfRange(a, 2 * BUFFER, 2 * BUFFER + 100), slotBytes(r, 2, 100));
            assertArrayEquals(b, slotBytes(r, 3, 5000));
            assertArrayEquals(Arrays.copyOfRange(b, 1000, 1010), slotBytes(r, 5, 10));
        }
    }

    @Test
    void aSlotIsReusedOnceItsReadCompletedAndMoreReadsThanDepthGoThroughInTurns() throws Exception {
        byte[] a = pattern(40 * 4096, 3);
        Files.write(tmp.resolve("a"), a);
        try (OpenFile fa = ByPath.open(os, tmp.resolve("a")); ReadRing ring = os.readRing(2, 4096)) {
            LibcReadRing r = (LibcReadRing) ring;
            for (int page = 0; page < 40; page += 2) {
                ring.queue(fa, 0, (long) page * 4096, 4096);
                ring.queue(fa, 1, (long) (page + 1) * 4096, 4096);
                assertEquals(Map.of(0, 4096, 1, 4096), complete(ring, 2));
                assertArrayEquals(Arrays.copyOfRange(a, page * 4096, (page + 1) * 4096), slotBytes(r, 0, 4096));
                assertArrayEquals(Arrays.copyOfRange(a, (page + 1) * 4096, (page + 2) * 4096), slotBytes(r, 1, 4096));
            }
        }
    }

    @Test
    void aFailedReadIsItsErrno() throws Exception {
        Files.write(tmp.resolve("a"), pattern(100, 0));
        try (OpenFile fa = ByPath.open(os, tmp.resolve("a")); ReadRing ring = os.readRing(2, 4096)) {
            ring.queue(fa, 1, -4096, 4096);  // a negative offset: EINVAL, as pread(2) says
            int result = complete(ring, 1).get(1);
            assertTrue(result < 0, "result " + result);
            assertEquals("Invalid argument", ring.failure(result).getMessage());
        }
    }

    @Test
    void closingWithReadsInFlightWaitsForThem() throws Exception {
        Files.write(tmp.resolve("a"), pattern(4 * BUFFER, 0));
        try (OpenFile fa = ByPath.open(os, tmp.resolve("a"))) {
            ReadRing ring = os.readRing(4, BUFFER);
            for (int s = 0; s < 4; s++) {
                ring.queue(fa, s, (long) s * BUFFER, BUFFER);
            }
            ring.close();
            assertEquals(0, ring.inFlight());
        }
    }

    /**
     * A file opened in the ring (relative to its directory's descriptor, O_NOFOLLOW), read there, and
     * closed there: its descriptor is gone once the close is submitted; a symbolic link is refused
     * (ELOOP), a name longer than a directory entry's is left to the caller.
     */
    @Test
    void opensReadsAndClosesAFileInTheRing() throws Exception {
        byte[] a = pattern(5000, 2);
        Files.write(tmp.resolve("a"), a);
        Files.createSymbolicLink(tmp.resolve("l"), tmp.resolve("a"));
        try (Directory dir = os.openPath(PathNames.bytes(tmp.toString()), true); ReadRing ring = os.readRing(2, BUFFER)) {
            LibcReadRing r = (LibcReadRing) ring;
            assertTrue(ring.queueOpen(dir, new byte[] {'a', 0}, 0));
            assertTrue(ring.queueOpen(dir, new byte[] {'l', 0}, 1));
            Map<Integer, Integer> opened = complete(ring, 2);
            SysException link = assertThrows(SysException.class, () -> ring.opened(1, opened.get(1)));
            assertTrue(link.isSymbolicLink(), link.getMessage());
            OpenFile file = ring.opened(0, opened.get(0));
            int fd = ((LibcFile) file).fd();
            assertTrue(Files.exists(Path.of("/proc/self/fd/" + fd)));
            ring.queue(file, 0, 0, BUFFER);
            assertEquals(Map.of(0, 5000), complete(ring, 1));
            assertArrayEquals(a, slotBytes(r, 0, 5000));
            ring.queueClose(file);
            ring.submitCloses();
            assertFalse(Files.exists(Path.of("/proc/self/fd/" + fd)), "closed by the ring");
            byte[] tooLong = new byte[257];
            Arrays.fill(tooLong, 0, 256, (byte) 'x');
            assertFalse(ring.queueOpen(dir, tooLong, 0));
        }
    }

    /** kernel.io_uring_disabled=2 (Linux 6.6+) refuses every ring with EPERM, as Docker's seccomp profile does. */
    @Test
    void aRingTheKernelRefusesIsASysException() throws Exception {
        SystemTests.assumeAllowed("sets kernel.io_uring_disabled to 2 for a moment");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isWritable(IO_URING_DISABLED), "needs root and Linux 6.6+");
        String before = Files.readString(IO_URING_DISABLED).trim();
        Files.writeString(IO_URING_DISABLED, "2");
        try {
            SysException e = assertThrows(SysException.class, () -> os.readRing(4, BUFFER));
            assertTrue(e.isNotPermitted(), e.getMessage());
        } finally {
            Files.writeString(IO_URING_DISABLED, before);
        }
    }
}
