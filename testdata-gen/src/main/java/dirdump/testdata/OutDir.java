package dirdump.testdata;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * OUT, checked before anything is written. A non-empty OUT is refused unless --force, so that a typo
 * does not scatter thousands of files into a directory of other things; with --force the set is added
 * alongside what is there, and a name the set would create that is already there is still refused:
 * nothing is ever overwritten or deleted.
 */
final class OutDir {
    private static final int NAMES_SHOWN = 3;

    private OutDir() {
    }

    /**
     * Returns once OUT exists (made, with its parents, if missing) and may be written to; throws
     * {@link Refused} if not. What it sees is only a check: the writer opens OUT anew, and a name that
     * is taken by then still fails to be made.
     */
    static void check(Path out, boolean force, Layout layout) throws IOException {
        if (Files.notExists(out)) {
            try {
                Files.createDirectories(out);
            } catch (IOException e) {
                throw Failure.at(out, e);
            }
            return;
        }
        if (!Files.isDirectory(out)) {
            throw new Refused(out + ": not a directory");
        }
        Set<String> ours = force ? layout.topLevelNames() : Set.of();
        List<String> present = new ArrayList<>();
        List<String> clashes = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(out)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                present.add(name);
                if (ours.contains(name)) {
                    clashes.add(name);
                }
            }
        } catch (IOException e) {
            throw Failure.at(out, e);
        }
        if (!force && !present.isEmpty()) {
            throw new Refused(String.format(Locale.ROOT, "%s: not empty (%s); --force adds the set alongside what is there "
                    + "(nothing is deleted or overwritten)", out, some(present, "entry", "entries")));
        }
        if (!clashes.isEmpty()) {
            throw new Refused(String.format(Locale.ROOT, "%s: already holds names this set would create (%s); nothing is "
                    + "overwritten: remove the earlier set first", out, some(clashes, "name", "names")));
        }
    }

    /** "3 entries: a, b, c" or "1,204 entries: a, b, c, ...": the first names in sorted order, for stable messages. */
    private static String some(List<String> names, String one, String many) {
        List<String> first = names.stream().sorted().limit(NAMES_SHOWN).toList();
        return String.format(Locale.ROOT, "%,d %s: %s%s", names.size(), names.size() == 1 ? one : many,
                String.join(", ", first), names.size() > NAMES_SHOWN ? ", ..." : "");
    }
}
