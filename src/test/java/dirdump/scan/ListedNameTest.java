package dirdump.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ListedNameTest {
    private static String split(String dir) {
        ListedName n = ListedName.of(dir.getBytes(StandardCharsets.UTF_8));
        return n.base() + " | " + new String(n.rest(), StandardCharsets.UTF_8);
    }

    @Test
    void resolutionStartsAtTheRootOrTheWorkingDirectoryWithTheLeadingDotDots() {
        assertEquals("/ | data/set", split("/data/set"));
        assertEquals("/ | data", split("//data"));
        assertEquals("/ | ", split("/"));
        assertEquals(". | a/b", split("a/b"));
        assertEquals(". | ", split(""));
        assertEquals(".. | x", split("../x"));
        assertEquals("../.. | x/..", split("../../x/.."));
        assertEquals(".. | ", split(".."));
        assertEquals(". | ..x/y", split("..x/y"));
    }
}
