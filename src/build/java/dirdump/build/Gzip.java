package dirdump.build;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;

/**
 * What {@code gzip -9n} makes, for the installed man pages and the .deb's changelog: Debian wants both
 * compressed at the highest level, and lintian reads the level from the header's XFL byte, which
 * java.util.zip's GZIPOutputStream leaves 0. No name and no time in the header, so the same text gives
 * the same bytes. Run by the build as {@code Gzip IN OUT}.
 */
public final class Gzip {
    /** Magic, deflate, no flags, no time, XFL 2 (the slowest, best compression), OS 3 (Unix). */
    private static final byte[] HEADER = {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 2, 3};

    private Gzip() {
    }

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[1]).toAbsolutePath();
        Files.createDirectories(out.getParent());
        write(Files.readAllBytes(Path.of(args[0])), out);
    }

    /** Writes {@code data}, compressed, to {@code out}: under a name of its own, then renamed. */
    public static void write(byte[] data, Path out) throws IOException {
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        gz.write(HEADER);
        Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION, true);
        // Closing the body leaves gz open to take the trailer: a ByteArrayOutputStream's close() does nothing.
        try (OutputStream body = new DeflaterOutputStream(gz, deflater)) {
            body.write(data);
        } finally {
            deflater.end();
        }
        CRC32 crc = new CRC32();
        crc.update(data);
        littleEndian(gz, crc.getValue());
        littleEndian(gz, data.length);
        Path part = out.resolveSibling(out.getFileName() + ".part");
        Files.write(part, gz.toByteArray());
        Files.move(part, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static void littleEndian(ByteArrayOutputStream out, long value) {
        for (int i = 0; i < 4; i++) {
            out.write((int) (value >>> (8 * i)));
        }
    }
}
