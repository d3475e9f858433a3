package dirdump.run;

import dirdump.order.OrderSettings;
import dirdump.scan.PathListReader;
import dirdump.scan.SizeRange;
import dirdump.scan.WalkSettings;
import dirdump.sys.Os;
import java.util.List;
import java.util.function.Function;

/**
 * What to walk and how to order it, as the command line resolved it. {@code paths}: the PATHs' bytes
 * (none: empty); {@code list}: the --files-from or --replay list once the Os is known, or null;
 * {@code listedMayBeGone}: a --replay snapshot, whose files deleted since are no error;
 * {@code patternFilters}, {@code sizeFilters}: the filter options as given, to name them when they
 * leave out every file.
 */
public record OrderedFilesSettings(List<byte[]> paths, Function<Os, PathListReader> list, WalkSettings walk,
                             OrderSettings order, SizeRange sizes, boolean listedMayBeGone,
                             List<String> patternFilters, List<String> sizeFilters) {
}
