package dirdump.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import dirdump.testing.DirdumpRun;
import dirdump.testing.Trees;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A read that starts while the walk goes on (the default where no disk rotates) reads what a read in
 * the global order reads (--order inode): the same files by the same names, the same counts and exit
 * status, over a tree of what a hostile user leaves behind (hard links across directories, links to
 * files, to directories and in a loop, a dangling link, a FIFO, a device node, a socket, names with a
 * newline and with bytes that are not UTF-8, an empty directory, a deep chain, files of size 0), under
 * the walk's options.
 */
class StreamedLikeOrderedTest {
    @TempDir
    Path tmp;
    private Path data;

    @BeforeEach
    void tree() throws Exception {
        data = tmp.resolve("data");
        assertEquals(0, Trees.sh(tmp, String.join("\n",
                "set -e",
                "mkdir -p data/a/b/c/d/e/f data/x data/y data/empty data/skip",
                "for d in data data/a data/a/b data/a/b/c/d/e/f data/x data/y data/skip; do",
                "  for i in 1 2 3 4 5 6 7 8; do head -c $((i * 700)) /dev/urandom > $d/file$i; done",
                "done",
                ": > data/x/zero",
                "ln data/a/file1 data/y/hard1; ln data/a/file1 data/x/hard2; ln data/y/file2 data/a/hard3",
                "ln -s ../a/file3 data/x/tofile; ln -s ../a data/y/todir; ln -s .. data/a/b/up; ln -s nowhere data/dangling",
                "mkfifo data/x/fifo",
                "mknod data/x/null c 1 3 2>/dev/null || true",
                "python3 -c 'import socket; s=socket.socket(socket.AF_UNIX); s.bind(\"data/y/sock\")' || true",
                "printf x > \"$(printf 'data/y/new\\nline')\"",
                "printf y > \"$(printf 'data/y/bad\\377name')\"",
                "chmod 000 data/x/file8",
                "sync")));
    }

    static Stream<Arguments> options() {
        return Stream.of(
                Arguments.of(List.of()),
                Arguments.of(List.of("-j", "1")),
                Arguments.of(List.of("-L")),
                Arguments.of(List.of("--max-depth", "2")),
                Arguments.of(List.of("--exclude", "skip/", "--include", "*file*")),
                Arguments.of(List.of("-x", "--prefetch", "4", "-j", "3")),
                Arguments.of(List.of("--method", "willneed")));
    }

    @ParameterizedTest
    @MethodSource("options")
    void theSameFilesCountsAndExitAsInTheGlobalOrder(List<String> options) {
        DirdumpRun streamed = run(options, List.of());
        DirdumpRun ordered = run(options, List.of("--order", "inode"));
        assertEquals(ordered.status(), streamed.status(), streamed.err());
        JsonObject s = streamed.summary();
        JsonObject o = ordered.summary();
        for (String field : List.of("files_read", "bytes_read", "skipped", "filtered", "errors", "unusable_paths",
                "directories", "exit_status")) {
            assertEquals(o.get(field), s.get(field), field + "\n" + streamed.err());
        }
        assertTrue(s.get("files_read").getAsLong() > 10, streamed.err());
        assertEquals(s.get("files_read").getAsLong(), streamed.readOrder().size(), streamed.err());
        assertEquals(sorted(ordered.readOrder()), sorted(streamed.readOrder()), "the names read");
        assertEquals(sorted(told(ordered.err())), sorted(told(streamed.err())), "what was told of each file");
        assertEquals("none", s.getAsJsonArray("devices").get(0).getAsJsonObject().get("order").getAsString(),
                "read as listed");
    }

    /** Every file read again (--force: they were just written), with its name and every refusal told (-v). */
    private DirdumpRun run(List<String> options, List<String> order) {
        List<Object> args = new ArrayList<>(List.of("--force", "-v", "--json"));
        args.addAll(options);
        args.addAll(order);
        args.add(data);
        args.add(data.resolve("x"));  // a PATH inside another: its files are second names
        return DirdumpRun.of(args.toArray());
    }

    /** The lines of -v and of the errors: each file read, skipped or failed; not the summary's. */
    private static List<String> told(String err) {
        return err.lines().filter(l -> !l.startsWith(" ") && !l.startsWith("dirdump: read ")).toList();
    }

    private static List<String> sorted(List<String> l) {
        String[] a = l.toArray(new String[0]);
        Arrays.sort(a);
        return List.of(a);
    }
}
