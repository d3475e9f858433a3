package dirdump.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dirdump.testing.RotatingDisk;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The emulated rotating disk's service-time model (bench/diskemu/diskemu.c, trace mode), against times
 * worked out by hand from its formulas (docs/performance.md, "The emulated rotating disk") on a disk
 * chosen for round numbers: 6000 rpm (a turn is 10 ms), 2 heads, one zone of 1,024,000-byte tracks
 * (102.4 MB/s), 500 cylinders (1,024,000,000 bytes), seeks of 1 ms (one track), 5 ms (a third of the
 * stroke) and 9 ms (full stroke), a head switch of 1 ms, so that each track starts a tenth of a turn
 * after the one before (the skew); 512 MB/s from the drive's cache. The platter's angle is 0 at time 0
 * and the head on cylinder 0, head 0.
 */
class RotatingDiskModelTest {
    private static final List<String> DISK = List.of("--rpm", "6000", "--heads", "2", "--zones", "1", "--outer-rate",
            "102.4", "--inner-rate", "102.4", "--disk-size", "1024000000", "--track-seek", "1", "--avg-seek", "5",
            "--full-seek", "9", "--head-switch", "1", "--interface-rate", "512");
    private static final double TURN = 10;
    private static final double TRACK = 1_024_000;

    @TempDir
    Path scratch;

    @Test
    void aReadWhereTheHeadIsCostsItsTransferOnly() throws Exception {
        Served r = served(trace(DISK, "0 R 0 4096"), 0);
        assertEquals(0, r.seek, 1e-4);
        assertEquals(0, r.rot, 1e-4);
        assertEquals(4096 / TRACK * TURN, r.done, 1e-4); // 0.04 ms
    }

    @Test
    void theRestOfTheTrackIsReadAheadIntoTheCache() throws Exception {
        List<String> out = trace(DISK, "0 R 0 4096\n0 R 4096 4096");
        Served hit = served(out, 1);
        assertEquals(1, hit.hit);
        // Ready when the head has passed its last byte (0.08 ms), then 4096 B at 512 MB/s (0.008 ms).
        assertEquals(8192 / TRACK * TURN + 4096 / 512e3, hit.done, 1e-4);
    }

    @Test
    void wholeTrackReadAheadComesRoundToTheTracksStart() throws Exception {
        // A read at 409,600 (angle 0.4, reached at 4 ms, done at 4.04 ms); then one at 0, behind it on the
        // same track: with --readahead rest a miss (a wait to angle 0, done at 10.04 ms); with track, the
        // head reaches the track's start at 10 ms and byte 4096 at 10.04 ms, then 0.008 ms from the cache.
        String requests = "0 R 409600 4096\n0 R 0 4096";
        Served rest = served(trace(withDepth(1, "--host-queue", "fifo"), requests), 1);
        assertEquals(0, rest.hit);
        assertEquals(10.04, rest.done, 1e-4);
        Served track = served(trace(withDepth(1, "--host-queue", "fifo", "--readahead", "track"), requests), 1);
        assertEquals(1, track.hit);
        assertEquals(10 + 4096 / TRACK * TURN + 4096 / 512e3, track.done, 1e-4);
    }

    @Test
    void aHeadSwitchThenThePlatter() throws Exception {
        // Cylinder 0, head 1 (track 1, which starts at angle 0.1), 204,800 bytes in: angle 0.3.
        List<String> out = trace(DISK, "0 R 0 4096\n0 R 1228800 4096");
        Served r = served(out, 1);
        double start = 0.04;
        assertEquals(1, r.seek, 1e-4); // the head switch
        assertEquals((0.3 - (start + 1) / TURN) * TURN, r.rot, 1e-4); // from angle 0.104 to 0.3: 1.96 ms
        assertEquals(start + 1 + 1.96 + 0.04, r.done, 1e-4);
    }

    @Test
    void aFullStrokeSeekCostsTheDataSheetsFullStroke() throws Exception {
        // Cylinder 499, the last: track 998, which starts at angle 99.8 turns, i.e. 0.8.
        List<String> out = trace(DISK, "0 R 1021952000 4096");
        Served r = served(out, 0);
        assertEquals(499, r.cyl);
        assertEquals(9, r.seek, 1e-4);
        assertEquals((0.8 - 0.9) * TURN + TURN, r.rot, 1e-4); // at 9 ms the platter is at 0.9: 9 ms to 0.8
        assertEquals(9 + 9 + 0.04, r.done, 1e-4);
    }

    @Test
    void aShortSeekFollowsTheSquareRoot() throws Exception {
        // t(d) = settle + a*sqrt(d), with t(1) = 1 ms and t(499/3) = 5 ms.
        double a = 4 / (Math.sqrt(499 / 3.0) - 1);
        Served r = served(trace(DISK, "0 R 10240000 4096"), 0); // cylinder 5
        assertEquals(5, r.cyl);
        assertEquals(1 - a + a * Math.sqrt(5), r.seek, 1e-4);
    }

    @Test
    void ncqServesTheNearerCommandFirstAndAFifoOfDepthOneInArrivalOrder() throws Exception {
        // Both arrive at 0: the first on cylinder 450 at angle 0, the second on cylinder 5 at angle 0.3.
        String both = "0 R 921600000 4096\n0 R 10547200 4096";
        double a = 4 / (Math.sqrt(499 / 3.0) - 1);
        double near = (1 - a + a * Math.sqrt(5)); // 1.4156 ms, then the platter from 0.14156 to 0.3
        double far = 5 + 4 * (450 - 499 / 3.0) / (499 - 499 / 3.0); // 8.4108 ms (linear part), then to angle 0 (1.0)
        List<String> ncq = trace(withDepth(32), both);
        Served first = served(ncq, 0);
        assertEquals(1, first.id);
        assertEquals(near + (0.3 - near / TURN) * TURN + 0.04, first.done, 1e-4); // 3.04 ms
        List<String> fcfs = trace(withDepth(1, "--host-queue", "fifo"), both);
        Served oldest = served(fcfs, 0);
        assertEquals(0, oldest.id);
        assertEquals(far + (1 - far / TURN) * TURN + 0.04, oldest.done, 1e-4); // 10.04 ms
    }

    @Test
    void atDepthOneTheHostsElevatorSendsTheNextByOffset() throws Exception {
        // The head is at byte 4096 after the first read; then three wait: the elevator takes them by offset
        // from there (10,547,200 before 921,600,000), and the one behind the head (0, at the end) last.
        String requests = "0 R 0 4096\n0.01 R 921600000 4096\n0.01 R 0 512\n0.01 R 10547200 4096";
        List<String> out = trace(withDepth(1), requests);
        assertEquals(List.of(0L, 3L, 1L, 2L), List.of(served(out, 0).id, served(out, 1).id, served(out, 2).id,
                served(out, 3).id));
    }

    private static List<String> withDepth(int depth, String... more) {
        List<String> model = new java.util.ArrayList<>(DISK);
        model.addAll(List.of("--queue-depth", Integer.toString(depth)));
        model.addAll(List.of(more));
        return model;
    }

    private List<String> trace(List<String> model, String requests) throws Exception {
        return RotatingDisk.trace(scratch, model, requests + "\n");
    }

    private record Served(long id, double done, double seek, double rot, long cyl, int hit) {
    }

    private static final Pattern LINE = Pattern.compile(
            "(\\d+) [RW] \\d+ \\d+ start=\\S+ done=(\\S+) seek=(\\S+) rot=(\\S+) xfer=\\S+ cyl=(\\d+) hit=(\\d)");

    /** The {@code n}th request served (in the order the drive served them). */
    private static Served served(List<String> out, int n) {
        Matcher m = LINE.matcher(out.get(n));
        if (!m.matches()) {
            throw new AssertionError("not a served request: " + out.get(n));
        }
        return new Served(Long.parseLong(m.group(1)), Double.parseDouble(m.group(2)), Double.parseDouble(m.group(3)),
                Double.parseDouble(m.group(4)), Long.parseLong(m.group(5)), Integer.parseInt(m.group(6)));
    }
}
