package dirdump.testing;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A command run under {@code strace -f -y}, and what every process of it opened successfully: the
 * name each new descriptor resolved to, as the kernel gives it (so a link planted over a name shows
 * as its target). The checks the root-safety cases make: nothing outside the tree, no device node, no
 * planted FIFO, no library from a directory another user can write.
 */
public record Traced(Launched run, List<String> opened) {
    // openat(AT_FDCWD</x>, "name", O_RDONLY|O_CLOEXEC) = 3</resolved/name>, also open, openat2, creat.
    private static final Pattern OPEN = Pattern.compile(
            "\\b(?:open|openat|openat2|creat)\\(.*\\) = \\d+<(.*)>$");
    private static final String UNFINISHED = " <unfinished ...>";
    private static final Pattern RESUMED = Pattern.compile("^\\S+ +<\\.\\.\\. \\w+ resumed>(.*)$");

    /** Whether strace is here: the tests that need it are skipped, with the reason, where it is not. */
    public static void assumeStrace() throws Exception {
        assumeTrue(Trees.sh(Path.of("/"), "command -v strace >/dev/null") == 0, "no strace here (.ci/run installs it)");
    }

    /** Runs {@code command} (a ProcessBuilder's words, environment set by the caller) under strace. */
    public static Traced run(ProcessBuilder pb) throws Exception {
        assumeStrace();
        Path log = Files.createTempFile("traced", ".strace");
        try {
            List<String> words = new ArrayList<>(List.of("strace", "-f", "-y", "-qq", "-s", "4096", "-o", log.toString(),
                    "-e", "trace=open,openat,openat2,creat", "-e", "signal=none"));
            words.addAll(pb.command());
            pb.command(words);
            Launched run = Launched.of(pb);
            return new Traced(run, opens(log));
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /**
     * The opens of the log, a call that another thread's interrupted ("openat(... <unfinished ...>",
     * later "PID <... openat resumed>) = 5</x>") joined again, so that none is missed.
     */
    private static List<String> opens(Path log) throws IOException {
        List<String> opened = new ArrayList<>();
        Map<String, String> unfinished = new HashMap<>();  // by pid, the first token of each line under -f
        for (String line : Files.readAllLines(log, StandardCharsets.ISO_8859_1)) {
            String pid = line.split(" ", 2)[0];
            if (line.endsWith(UNFINISHED)) {
                unfinished.put(pid, line.substring(0, line.length() - UNFINISHED.length()));
                continue;
            }
            Matcher resumed = RESUMED.matcher(line);
            if (resumed.find() && unfinished.containsKey(pid)) {
                line = unfinished.remove(pid) + resumed.group(1);
            }
            Matcher m = OPEN.matcher(line);
            if (m.find() && !line.contains("O_PATH")) {  // an O_PATH descriptor reads nothing
                opened.add(m.group(1));
            }
        }
        return opened;
    }

    /** Fails if anything opened is {@code path} or below it. */
    public void assertNothingOpenedUnder(Path path) {
        String p = path.toString();
        for (String o : opened) {
            if (o.equals(p) || o.startsWith(p.endsWith("/") ? p : p + "/")) {
                fail("opened " + o + " (under " + p + ")\n" + run.err());
            }
        }
    }

    /**
     * Fails if a device node other than those a JVM opens itself (/dev/null, /dev/urandom, /dev/random,
     * a terminal) was opened. (A FIFO shows by its name: check it with {@link #assertNothingOpenedUnder}.)
     */
    public void assertNoDeviceOpened() {
        for (String o : opened) {
            if (o.startsWith("/dev/") && !o.equals("/dev/null") && !o.equals("/dev/urandom") && !o.equals("/dev/random")
                    && !o.startsWith("/dev/pts/") && !o.equals("/dev/tty")) {
                fail("opened " + o + "\n" + run.err());
            }
        }
    }
}
