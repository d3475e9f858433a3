package dirdump.testing;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/** Builds real trees in temporary directories. */
public final class Trees {
    private Trees() {
    }

    public static Path file(Path path, int size, long seed) throws IOException {
        byte[] data = new byte[size];
        new Random(seed).nextBytes(data);
        Files.createDirectories(path.getParent());
        return Files.write(path, data);
    }

    /** {@code count} files of random sizes up to {@code maxSize}, spread over nested directories. */
    public static List<Path> randomTree(Path root, int count, int maxSize, long seed) throws IOException {
        Random random = new Random(seed);
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Path dir = root.resolve("d" + random.nextInt(5)).resolve("e" + random.nextInt(3));
            files.add(file(dir.resolve("f" + i), random.nextInt(maxSize + 1), i));
        }
        return files;
    }

    /**
     * fsync each file: it then has real blocks (FIEMAP reports none for data not yet written), and its
     * pages can be dropped (dirty ones cannot).
     */
    public static void sync(Iterable<Path> files) throws IOException {
        for (Path f : files) {
            try (FileChannel c = FileChannel.open(f, StandardOpenOption.WRITE)) {
                c.force(true);
            }
        }
    }

    public static long totalSize(List<Path> files) throws IOException {
        long sum = 0;
        for (Path f : files) {
            sum += Files.size(f);
        }
        return sum;
    }

    public static long inode(Path p) throws IOException {
        return (Long) Files.getAttribute(p, "unix:ino", java.nio.file.LinkOption.NOFOLLOW_LINKS);
    }

    /**
     * {@code depth} directories named {@code component}, one in the other, in {@code top}, and a file
     * {@code f} of {@code size} bytes at the bottom: its path below {@code top}, which may be far longer
     * than PATH_MAX. Built as chunks short enough to name, each moved into the bottom of the one
     * before, so that no call here needs a longer path. Remove it with {@code rm -rf} (JUnit cannot).
     */
    public static String deepFile(Path top, int depth, String component, int size) throws IOException {
        int perChunk = Math.max(1, 3000 / (component.length() + 1));
        int chunks = (depth + perChunk - 1) / perChunk;
        List<Path> bottoms = new ArrayList<>();
        for (int c = 0; c < chunks; c++) {
            Path bottom = top.resolve("chunk" + c);
            for (int i = 0; i < Math.min(perChunk, depth - c * perChunk); i++) {
                bottom = bottom.resolve(component);
            }
            Files.createDirectories(bottom);
            bottoms.add(bottom);
        }
        file(bottoms.get(chunks - 1).resolve("f"), size, depth);
        for (int c = chunks - 1; c > 0; c--) {
            // each chunk's own top directory becomes the last component of the chunk above it
            Path into = bottoms.get(c - 1);
            Path from = top.resolve("chunk" + c).resolve(component);
            Files.move(from, into.resolve(component));
        }
        StringBuilder path = new StringBuilder("chunk0");
        for (int c = 0; c < chunks; c++) {
            for (int i = 0; i < Math.min(perChunk, depth - c * perChunk); i++) {
                path.append('/').append(component);
            }
        }
        return path.append("/f").toString();
    }

    /** Runs a command (to make what Java cannot: FIFOs, device nodes, names that are not UTF-8). */
    public static int sh(Path dir, String script) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("sh", "-c", script).directory(dir.toFile()).inheritIO().start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("timed out: " + script);
        }
        return p.exitValue();
    }

    /** Output of a command, for tools such as ls -U that show the directory's own order. */
    public static String shOutput(Path dir, String script) throws IOException, InterruptedException {
        return new String(shBytes(dir, script));
    }

    /** Output of a command as the bytes it was (find -print0 with names that are not UTF-8). */
    public static byte[] shBytes(Path dir, String script) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("sh", "-c", script).directory(dir.toFile()).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        p.waitFor(60, TimeUnit.SECONDS);
        return out;
    }
}
