package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dirdump.testing.BuiltJar;
import dirdump.testing.Trees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** dirdump order -0 in the pipelines dirdump-order(1) shows, the built jar run as a command. */
class OrderCommandIT {

    @TempDir
    Path tmp;

    @Test
    void xargsAndTarTakeTheNulTerminatedList() throws Exception {
        List<Path> files = Trees.randomTree(tmp.resolve("data"), 60, 5000, 12);
        Files.write(tmp.resolve("data/line\nbreak"), new byte[7]);
        Files.write(tmp.resolve("data/sp ace"), new byte[3]);
        long bytes = Trees.totalSize(files) + 7 + 3;

        String viaXargs = Trees.shOutput(tmp, BuiltJar.shellWords() + " order -0 data | xargs -0 cat | wc -c").trim();
        assertEquals(Long.toString(bytes), viaXargs);

        String viaTar = Trees.shOutput(tmp, BuiltJar.shellWords() + " order -0 data | tar --null -T - -cf all.tar "
                + "&& tar -xf all.tar -C " + Files.createDirectory(tmp.resolve("copy")) + " && diff -r data copy/data "
                + "&& echo same").trim();
        assertEquals("same", viaTar);
    }
}
