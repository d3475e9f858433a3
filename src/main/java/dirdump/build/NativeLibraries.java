package dirdump.build;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * Run by the build on the shaded jar: {@code NativeLibraries JAR DIR} copies jffi's native library for
 * each Linux architecture (jni/ARCH-Linux/libjffi-1.2.so) out of JAR into DIR/ARCH-Linux, where the
 * launchers have jffi load it from (jffi.boot.library.path; installed: lib/dirdump/jni). Why: jffi
 * otherwise unpacks it from the jar on every start into a directory of the user's, and loads it by name
 * from there, where whoever can write that directory can swap it for their own first (bin/start.sh).
 */
public final class NativeLibraries {
    private static final Pattern LIBRARY = Pattern.compile("jni/([A-Za-z0-9_]+-Linux)/([A-Za-z0-9_.-]+\\.so)");

    private NativeLibraries() {
    }

    public static void main(String[] args) throws IOException {
        Path jar = Path.of(args[0]);
        Path dir = Path.of(args[1]);
        int copied = 0;
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(jar))) {
            for (ZipEntry entry; (entry = in.getNextEntry()) != null; ) {
                var m = LIBRARY.matcher(entry.getName());
                if (m.matches()) {
                    Path library = Files.createDirectories(dir.resolve(m.group(1))).resolve(m.group(2));
                    Path part = library.resolveSibling(library.getFileName() + ".part");
                    Files.copy(in, part, StandardCopyOption.REPLACE_EXISTING);
                    Files.move(part, library, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                    copied++;
                }
            }
        }
        if (copied == 0) {
            throw new IOException(jar + " holds no jni/ARCH-Linux library of jffi's");
        }
        System.out.println("NativeLibraries: " + copied + " of jffi's libraries into " + dir);
    }
}
