package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.testing.DirdumpRun;
import dirdump.testing.Trees;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

/**
 * bench --plot FILE is written as status --save writes its snapshot: a new file renamed over FILE, so
 * that a link there is replaced, never written through, and a FIFO is refused before the bench, never
 * opened; a plain FILE gets a picture that reads back.
 */
class BenchPlotTargetTest {
    @TempDir
    Path tmp;

    private Path set;
    private Path out;

    @BeforeEach
    void tree() throws Exception {
        set = tmp.resolve("set");
        for (int i = 0; i < 5; i++) {
            Trees.file(set.resolve("f" + i), 4096, i);
        }
        out = Files.createDirectories(tmp.resolve("out"));
    }

    private DirdumpRun bench(Path plot) {
        return DirdumpRun.of("bench", "-q", "--rounds", 1, "--variant=-j1", "--warm", "--plot", plot, set);
    }

    @Test
    void aNewPngAndSvgAreValidPictures() throws Exception {
        DirdumpRun png = bench(out.resolve("bench.png"));
        assertEquals(0, png.status(), png.err());
        BufferedImage image = ImageIO.read(out.resolve("bench.png").toFile());
        assertNotNull(image, "a PNG ImageIO reads");
        assertEquals(900, image.getWidth());
        assertEquals(560, image.getHeight());

        DirdumpRun svg = bench(out.resolve("bench.svg"));
        assertEquals(0, svg.status(), svg.err());
        String text = Files.readString(out.resolve("bench.svg"));
        assertTrue(text.startsWith("<!DOCTYPE svg "), text.substring(0, 40));
        DocumentBuilderFactory parser = DocumentBuilderFactory.newInstance();
        parser.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);  // on the web
        Document doc = parser.newDocumentBuilder().parse(out.resolve("bench.svg").toFile());
        assertEquals("svg", doc.getDocumentElement().getTagName(), "well-formed XML, an svg element");
        assertEquals(List.of("bench.png", "bench.svg"), names(out), "no temporary file left");
    }

    /** The link is replaced by the picture; the file it pointed to keeps its bytes. */
    @Test
    void aLinkToAFileIsReplacedNotFollowed() throws Exception {
        Path victim = Files.writeString(tmp.resolve("victim"), "root's own file\n");
        Path link = Files.createSymbolicLink(out.resolve("bench.png"), victim);
        DirdumpRun run = bench(link);
        assertEquals(0, run.status(), run.err());
        assertEquals("root's own file\n", Files.readString(victim), "not written through the link");
        BasicFileAttributes a = Files.readAttributes(link, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        assertTrue(a.isRegularFile(), "the link replaced by the picture");
        assertNotNull(ImageIO.read(link.toFile()), "a PNG in its place");
        assertEquals(List.of("bench.png"), names(out), "no temporary file left");
    }

    /** Opening a FIFO to write would block until a reader came; it is refused before the bench, unopened. */
    @Test
    void aFifoIsRefusedWithoutBlocking() throws Exception {
        assertEquals(0, Trees.sh(out, "mkfifo bench.svg"));
        Path fifo = out.resolve("bench.svg");
        DirdumpRun run = assertTimeoutPreemptively(Duration.ofMinutes(2), () -> bench(fifo));
        assertEquals(2, run.status(), run.err());
        assertEquals("dirdump: --plot " + fifo + ": not a regular file, which would be replaced",
                run.err().lines().findFirst().orElse(""), run.err());
        assertEquals("", run.out(), "refused before the bench ran");
        assertTrue(Files.readAttributes(fifo, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isOther(),
                "the FIFO is still one");
        assertEquals(List.of("bench.svg"), names(out), "no temporary file left");
    }

    @Test
    void aDirectoryOrAMissingDirectoryIsRefusedBeforeTheBench() throws Exception {
        Path dir = Files.createDirectory(out.resolve("d.png"));
        DirdumpRun directory = bench(dir);
        assertEquals(2, directory.status(), directory.err());
        assertEquals("dirdump: --plot " + dir + ": Is a directory", directory.err().lines().findFirst().orElse(""));
        assertEquals("", directory.out());
        Path missing = tmp.resolve("no/bench.png");
        DirdumpRun none = bench(missing);
        assertEquals(2, none.status(), none.err());
        assertEquals("dirdump: --plot " + missing + ": No such file or directory",
                none.err().lines().findFirst().orElse(""));
        assertEquals("", none.out());
    }

    private static List<String> names(Path dir) throws Exception {
        try (Stream<Path> list = Files.list(dir)) {
            return list.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
