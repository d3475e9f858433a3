package dirdump.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The emulated 7200 rpm disk of bench/rotating-disk.sh (bench/diskemu/diskemu.c): a file system on a
 * loop device whose backing file a FUSE server serves at a modeled disk's pace, counting the disk's
 * modeled busy time. Root only, with /dev/fuse, gcc, libfuse3's header and the file system's mkfs;
 * skipped with the reason otherwise. {@link #trace} runs the model alone, on a request trace. Closing
 * undoes what {@code up} made (the script's down: by the pid and the loop device it recorded).
 */
public final class RotatingDisk implements AutoCloseable {
    private static final Path PROJECT = Path.of(System.getProperty("user.dir"));
    private static final Path SCRIPT = PROJECT.resolve("bench/rotating-disk.sh");
    private static final Path SOURCE = PROJECT.resolve("bench/diskemu/diskemu.c");

    private final Path dir;
    private boolean up;

    private RotatingDisk(Path dir) {
        this.dir = dir;
    }

    /** A disk of {@code size} (as truncate takes it) with {@code fs} made and mounted, under {@code scratch}. */
    public static RotatingDisk up(Path scratch, String fs, String size, String... model) throws Exception {
        SystemTests.assumeAllowed("a FUSE server, a loop device on it and a file system mounted");
        assumeTrue(AsUser.isRoot(), "a loop device on a FUSE file needs root");
        assumeTrue(Files.exists(Path.of("/dev/fuse")), "no /dev/fuse here");
        assumeCompiler();
        for (String tool : new String[] {"losetup", "mkfs." + fs, "mount", "umount", "blockdev"}) {
            Tools.which(tool);
        }
        RotatingDisk disk = new RotatingDisk(scratch.resolve("rotating-disk"));
        List<String> command = new ArrayList<>(List.of(SCRIPT.toString(), "up", "--dir", disk.dir.toString(), "--fs",
                fs, "--size", size, "--"));
        command.addAll(List.of(model));
        disk.up = true; // from here on, down undoes whatever part of up was done
        try {
            Result r = run(command, 300);
            assumeTrue(r.status == 0, "bench/rotating-disk.sh up failed here: " + r.output);
        } catch (Throwable e) {
            disk.close();
            throw e;
        }
        return disk;
    }

    /** The model alone: the trace's lines (ARRIVAL_MS R|W OFFSET LENGTH) in, a line a request out, then the totals. */
    public static List<String> trace(Path scratch, List<String> model, String trace) throws Exception {
        assumeCompiler();
        Path binary = scratch.resolve("diskemu");
        Result built = run(List.of("sh", "-c", "gcc -O2 -o '" + binary + "' '" + SOURCE
                + "' $(pkg-config --cflags --libs fuse3) -lm"), 120);
        if (built.status != 0) {
            throw new AssertionError("diskemu does not build: " + built.output);
        }
        List<String> command = new ArrayList<>(List.of(binary.toString()));
        command.addAll(model);
        command.add("trace");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getOutputStream().write(trace.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new AssertionError("diskemu trace failed: " + out);
        }
        return out.lines().toList();
    }

    public Path mnt() {
        return dir.resolve("mnt");
    }

    /** Runs {@code body} with the model off (no delay, nothing counted), then syncs and resets the counters. */
    public void fill(Filler body) throws Exception {
        ctl("off");
        try {
            body.fill(mnt());
            run(List.of("sync"), 120);
        } finally {
            ctl("on");
            ctl("reset");
        }
    }

    /** Unmounts and mounts the file system (its pages, dentries and inodes go) and resets the counters. */
    public void cold() throws Exception {
        Result r = run(List.of(SCRIPT.toString(), "cold", "--dir", dir.toString()), 120);
        if (r.status != 0) {
            throw new AssertionError("rotating-disk.sh cold failed: " + r.output);
        }
    }

    /** The disk's counters since the last reset: requests, seeks, busy_ms (modeled), ... */
    public Map<String, Double> stats() throws IOException {
        Map<String, Double> stats = new HashMap<>();
        for (String line : Files.readAllLines(dir.resolve("fuse/stats"))) {
            String[] kv = line.split(" ");
            stats.put(kv[0], Double.parseDouble(kv[1]));
        }
        return stats;
    }

    @Override
    public void close() throws Exception {
        if (up && Files.exists(dir.resolve("state"))) {
            Result r = run(List.of(SCRIPT.toString(), "down", "--dir", dir.toString()), 120);
            if (r.status != 0) {
                throw new AssertionError("rotating-disk.sh down failed: " + r.output);
            }
        }
        up = false;
    }

    /** What a test writes onto the disk, given its mount point. */
    public interface Filler {
        void fill(Path mnt) throws Exception;
    }

    private void ctl(String command) throws IOException {
        Files.writeString(dir.resolve("fuse/ctl"), command + "\n");
    }

    private static void assumeCompiler() throws Exception {
        Tools.which("gcc");
        Tools.which("pkg-config");
        assumeTrue(run(List.of("pkg-config", "--exists", "fuse3"), 30).status == 0,
                "libfuse3's header is needed (Debian: libfuse3-dev)");
    }

    private record Result(int status, String output) {
    }

    private static Result run(List<String> command, int seconds) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return new Result(-1, "timed out: " + out);
        }
        return new Result(p.exitValue(), out);
    }
}
