package dirdump.testdata;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Byte for byte the trees testdata-gen made before it made them relative to directory handles (the
 * digests were taken then), through libc and through the java.nio fallback.
 */
class SameTreeTest {
    /** --files 2000 --dirs 40 --depth 3 --seed 7. */
    private static final String TREE = "bf70acf8068c0865f77effe9214dd48ec9cd90354f54ea2a7c98fd958ad47872";
    /** --files 300 --dirs 200 --depth 4 --seed 11: more directories than stay open, reopened in chains. */
    private static final String DEEP = "627732faca27357d68c9397b46a1113b44a75a9e0562d991184b48892460ded8";
    private static final SizeModel SIZES = SizeModel.withSigma(SizeModel.DEFAULT_MIN, SizeModel.DEFAULT_MAX,
            SizeModel.DEFAULT_MEAN, SizeModel.DEFAULT_SIGMA);

    @TempDir
    Path tmp;

    @Test
    void throughLibcPlainAndFragmented() throws IOException {
        Path tree = tmp.resolve("tree");
        Path deep = tmp.resolve("deep");
        assertEquals(0, GenRun.of(tree, "--files", 2_000, "--dirs", 40, "--depth", 3, "--seed", 7).status());
        assertEquals(0, GenRun.of(deep, "--files", 300, "--dirs", 200, "--depth", 4, "--seed", 11, "--fragment=3")
                .status());
        assertEquals(TREE, TreeFacts.digest(tree));
        assertEquals(DEEP, TreeFacts.digest(deep));
    }

    @Test
    void throughJavaNio() throws IOException {
        Path tree = tmp.resolve("tree");
        Path deep = tmp.resolve("deep");
        write(Layout.plan(2_000, 40, 3, SIZES, 7), tree, 1, TreeWriter.PLAIN_CHUNK);
        write(Layout.plan(300, 200, 4, SIZES, 11), deep, 3, TreeWriter.FRAGMENT_CHUNK);
        assertEquals(TREE, TreeFacts.digest(tree));
        assertEquals(DEEP, TreeFacts.digest(deep));
    }

    private static void write(Layout layout, Path out, int slots, int chunk) throws IOException {
        Files.createDirectory(out);
        Progress quiet = new Progress(new PrintStream(OutputStream.nullOutputStream()), false, layout.files);
        try (NioSink sink = new NioSink(slots);
             TreeWriter<NioSink.Dir> writer = new TreeWriter<>(layout, out, sink, slots, chunk, quiet)) {
            writer.write();
        }
    }
}
