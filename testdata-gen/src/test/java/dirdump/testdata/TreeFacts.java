package dirdump.testdata;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/** What is on disk under a generated OUT. */
final class TreeFacts {
    private TreeFacts() {
    }

    /** Every path under root (root excluded), sorted by name. */
    static List<Path> all(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            return paths.filter(p -> !p.equals(root)).sorted().toList();
        }
    }

    static List<Path> files(Path root) throws IOException {
        return all(root).stream().filter(Files::isRegularFile).toList();
    }

    static List<Path> dirs(Path root) throws IOException {
        return all(root).stream().filter(Files::isDirectory).toList();
    }

    /** SHA-256 over every relative name, in name order, and every file's bytes: equal digests, equal trees. */
    static String digest(Path root) throws IOException {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (Path p : all(root)) {
                sha.update(root.relativize(p).toString().getBytes(StandardCharsets.UTF_8));
                sha.update((byte) (Files.isDirectory(p) ? 'd' : 'f'));
                if (Files.isRegularFile(p)) {
                    try (InputStream in = new DigestInputStream(Files.newInputStream(p), sha)) {
                        in.transferTo(OutputStream.nullOutputStream());
                    }
                }
            }
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static long inode(Path p) {
        try {
            return (Long) Files.getAttribute(p, "unix:ino", LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
