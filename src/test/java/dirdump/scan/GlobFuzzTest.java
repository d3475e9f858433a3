package dirdump.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dirdump.outcome.PathText;
import dirdump.sys.PathNames;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * --include and --exclude patterns on any text, matched against any bytes: a pattern compiles or is
 * refused (IllegalArgumentException, said as a usage error); a match never throws, and a pattern
 * without *, ?, [ or \ matches exactly the name (or path) it spells. Input: the pattern's bytes, a NUL
 * byte, then the path. mvn verify replays GlobFuzzTestInputs/match; JAZZER_FUZZ=1 fuzzes.
 */
class GlobFuzzTest {
    @FuzzTest(maxDuration = "10m")
    void match(byte[] input) {
        int nul = 0;
        while (nul < input.length && input[nul] != 0) {
            nul++;
        }
        byte[] pattern = Arrays.copyOfRange(input, 0, nul);
        String text = new String(pattern, StandardCharsets.UTF_8);
        byte[] path = nul < input.length ? Arrays.copyOfRange(input, nul + 1, input.length) : new byte[0];
        Glob glob;
        try {
            glob = Glob.compile(pattern);
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage().startsWith("'" + PathText.of(pattern) + "': "), e.getMessage());
            return;
        }
        int nameStart = PathNames.lastSlash(path) + 1;
        boolean matched = glob.matches(path, nameStart);
        assertEquals(matched, glob.matches(path, nameStart), "the same answer twice");
        if (isLiteral(text)) {
            byte[] spelled = spelled(pattern);
            byte[] against = glob.wholePath() ? path : Arrays.copyOfRange(path, nameStart, path.length);
            assertEquals(Arrays.equals(spelled, against), matched, "a literal pattern matches what it spells");
        }
    }

    private static boolean isLiteral(String text) {
        return text.chars().noneMatch(c -> c == '*' || c == '?' || c == '[' || c == '\\');
    }

    /** The pattern's bytes without its leading '/' (it says "whole path") and trailing ones (directories only). */
    private static byte[] spelled(byte[] p) {
        int end = p.length;
        while (end > 0 && p[end - 1] == '/') {
            end--;
        }
        int start = end > 0 && p[0] == '/' ? 1 : 0;
        return Arrays.copyOfRange(p, start, end);
    }
}
