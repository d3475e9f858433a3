package dirdump.run;

import dirdump.order.OrderSettings;
import dirdump.scan.PathListReader;
import dirdump.scan.SizeRange;
import dirdump.scan.WalkSettings;
import dirdump.sys.Os;
import java.util.List;
import java.util.function.Function;

/**
 * Which files a command works on, and in which order, as the command line resolved it: what the walk
 * lists ({@code listing}) and how the list is ordered ({@code order}). Every command that takes PATHs
 * has one ({@link OrderedFiles#of}); a read's is part of its {@link ReadSettings}.
 */
public record FileSelection(Listing listing, OrderSettings order) {
    /**
     * What is listed: the names to start from ({@code sources}), walked as {@code walk} says, the files
     * of a size within {@code sizes}; {@code given}: the filter options as given, to name them when
     * they leave out every file ({@link NoMatch}).
     */
    public record Listing(Sources sources, WalkSettings walk, SizeRange sizes, FiltersGiven given) {
        /** The names in {@code sources}, walked by {@code walk}, of any size. */
        public static Listing of(Sources sources, WalkSettings walk) {
            return new Listing(sources, walk, SizeRange.ALL, new FiltersGiven(List.of(), List.of()));
        }
    }

    /**
     * {@code paths}: the PATHs' bytes (none: empty); {@code list}: the --files-from or --replay list
     * once the Os is known, or null; {@code listedMayBeGone}: a --replay snapshot's, whose files deleted
     * since are no error.
     */
    public record Sources(List<byte[]> paths, Function<Os, PathListReader> list, boolean listedMayBeGone) {
        /** PATHs only. */
        public static Sources of(List<byte[]> paths) {
            return new Sources(paths, null, false);
        }
    }

    /** The pattern (--include, --exclude) and size (--min-size, --max-size) options as given. */
    public record FiltersGiven(List<String> patterns, List<String> sizes) {
    }
}
