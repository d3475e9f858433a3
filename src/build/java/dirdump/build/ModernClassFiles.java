package dirdump.build;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/**
 * Run by the build on the shaded jar: {@code ModernClassFiles JAR} rewrites every class file older
 * than Java 6 (picocli, ASM and jnr's assembler are compiled for Java 5) as a Java 8 class file, with
 * the stack map frames that version requires computed by ASM. The code is unchanged. Why: the JVM
 * refuses to put pre-Java 6 classes into a class-data archive ("Pre JDK 6 class not supported by
 * CDS"), and with them every class that implements one of their interfaces: about 460 classes would be
 * parsed and verified on every start (docs/performance.md, "Start-up"). The JVM still verifies the rewritten
 * classes, with the frames given.
 */
public final class ModernClassFiles {
    /** Java 6, the first version whose class files CDS takes. */
    private static final int CDS_MINIMUM = Opcodes.V1_6;

    private ModernClassFiles() {
    }

    public static void main(String[] args) throws IOException {
        Path jar = Path.of(args[0]);
        Path part = jar.resolveSibling(jar.getFileName() + ".part");
        int rewritten = 0;
        try (URLClassLoader classes = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null);
             ZipInputStream in = new ZipInputStream(Files.newInputStream(jar));
             ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(part))) {
            for (ZipEntry entry; (entry = in.getNextEntry()) != null; ) {
                byte[] bytes = in.readAllBytes();
                if (entry.getName().endsWith(".class") && majorVersion(bytes) < CDS_MINIMUM) {
                    bytes = asJava8(bytes, classes);
                    rewritten++;
                }
                copy(entry, bytes, out);
            }
        }
        Files.move(part, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        System.out.println("ModernClassFiles: " + rewritten + " class files of " + jar.getFileName()
                + " rewritten as Java 8");
    }

    private static int majorVersion(byte[] classFile) {
        return (classFile[6] & 0xff) << 8 | classFile[7] & 0xff;
    }

    private static byte[] asJava8(byte[] classFile, ClassLoader classes) {
        // Frames need the common superclass of two types, which ASM finds by loading them: from the jar.
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_FRAMES) {
            @Override
            protected ClassLoader getClassLoader() {
                return classes;
            }
        };
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public void visit(int version, int access, String name, String signature, String superName,
                              String[] interfaces) {
                super.visit(Opcodes.V1_8, access, name, signature, superName, interfaces);
            }
        }, 0);
        return writer.toByteArray();
    }

    /** The entry with its name and time, so that the same jar in gives the same jar out. */
    private static void copy(ZipEntry entry, byte[] bytes, ZipOutputStream out) throws IOException {
        ZipEntry copy = new ZipEntry(entry.getName());
        copy.setTime(entry.getTime());
        out.putNextEntry(copy);
        out.write(bytes);
        out.closeEntry();
    }
}
