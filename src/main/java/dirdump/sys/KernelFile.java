package dirdump.sys;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * The kernel's small text files (/proc, /sys), read through java.io with a bound: a FileChannel, what
 * java.nio.file.Files reads with, loads libnet on its first use, which probes the host's IPv6
 * interfaces (/proc/net/if_inet6), for reads that need neither.
 */
final class KernelFile {
    /** The most read of a file: those read here are under 4 KiB. */
    private static final int MOST = 64 * 1024;

    private KernelFile() {
    }

    /** The file's text, at most {@link #MOST} bytes of it. */
    static String text(Path file) throws IOException {
        return text(file, MOST);
    }

    private static String text(Path file, int most) throws IOException {
        try (InputStream in = new FileInputStream(file.toFile())) {
            return new String(in.readNBytes(most), StandardCharsets.UTF_8);
        }
    }

    /** The file's lines, of at most {@link #MOST} bytes; none if it cannot be read. */
    static List<String> lines(Path file) {
        return lines(file, MOST);
    }

    /** The file's lines, of at most {@code most} bytes; none if it cannot be read. */
    static List<String> lines(Path file, int most) {
        try {
            return text(file, most).lines().toList();
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    /** What follows {@code key} ("VmLck:") on the first line that starts with it, trimmed; null if none. */
    static String field(Path file, String key) {
        for (String line : lines(file)) {
            if (line.startsWith(key)) {
                return line.substring(key.length()).trim();
            }
        }
        return null;
    }

    /** How many lines a file of any size has, read a piece at a time (/proc/self/maps: one a mapping); 0 if it cannot be read. */
    static long lineCount(Path file) {
        byte[] piece = new byte[8192];
        long count = 0;
        try (InputStream in = new FileInputStream(file.toFile())) {
            for (int n = in.read(piece); n > 0; n = in.read(piece)) {
                for (int i = 0; i < n; i++) {
                    if (piece[i] == '\n') {
                        count++;
                    }
                }
            }
            return count;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
