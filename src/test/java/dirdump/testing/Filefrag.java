package dirdump.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where files lie, as e2fsprogs' filefrag sees it through FIEMAP: a check on dirdump's own binding
 * that shares no code with it. Tests that need it are skipped, with the reason, where it is missing.
 */
public final class Filefrag {
    private static final Pattern FILE = Pattern.compile("^File size of (.*) is \\d+ \\(.*\\)$");
    private static final Pattern FIRST_EXTENT = Pattern.compile("^\\s*0:\\s+\\d+\\.\\.\\s*\\d+:\\s+(\\d+)\\.\\..*$");

    private Filefrag() {
    }

    /**
     * The first physical block (in file system blocks) of each file that has one on disk; files
     * without an extent, with inline data or not yet written are left out.
     */
    public static Map<Path, Long> firstBlocks(List<Path> files) throws Exception {
        Path tool = Path.of("/usr/sbin/filefrag");
        assumeTrue(Files.isExecutable(tool), "filefrag (e2fsprogs) is not installed");
        List<String> command = new ArrayList<>(List.of(tool.toString(), "-v", "-e"));
        files.forEach(f -> command.add(f.toString()));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new AssertionError("filefrag failed: " + out);
        }
        Map<Path, Long> blocks = new HashMap<>();
        Path current = null;
        for (String line : out.split("\n")) {
            Matcher file = FILE.matcher(line);
            Matcher extent = FIRST_EXTENT.matcher(line);
            if (file.matches()) {
                current = Path.of(file.group(1));
            } else if (extent.matches() && current != null && !line.contains("unknown_loc")
                    && !line.contains("delalloc") && !line.contains("inline")) {
                blocks.put(current, Long.parseLong(extent.group(1)));
            }
        }
        return blocks;
    }
}
