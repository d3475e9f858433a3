package dirdump.cli;

import dirdump.order.LocateMethod;
import dirdump.order.Order;
import dirdump.order.OrderSettings;
import dirdump.run.OrderedFilesSettings;
import dirdump.scan.PathFilter;
import dirdump.scan.PathListReader;
import dirdump.scan.SizeRange;
import dirdump.scan.WalkSettings;
import dirdump.sys.Os;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** Which files are listed (PATHs, a list, filters) and in which order they are read. */
public final class WalkOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--order", paramLabel = "ORDER",
            description = "Order of the files: auto (physical on rotating disks, inode on others, none on tmpfs "
                + "and network file systems), physical, inode, name, none (as directories list entries). "
                + "Default auto; for status, none (the walk's order).")
    Order order;

    @Option(names = "--nosort", description = "Same as --order=none: directory order, to compare.")
    boolean nosort;

    @Option(names = "--locate", paramLabel = "METHOD", defaultValue = "auto",
            description = "How physical order finds blocks: auto (FIEMAP, or FIBMAP where FIEMAP is refused), "
                + "fiemap, fibmap (needs root).")
    LocateMethod locate;

    @Option(names = "--sync-extents",
            description = "Flush files not yet written to disk to learn where they lie (they keep their inode position otherwise).")
    boolean syncExtents;

    @Option(names = {"-L", "--follow"}, description = "Follow symbolic links: those that are links when listed "
            + "(loops are detected and skipped). A file that becomes a link after the listing is not followed: "
            + "it is told as changed.")
    boolean follow;

    @Option(names = {"-x", "--one-file-system"}, description = "Do not descend into other mounts: other file systems, and bind mounts.")
    boolean oneFileSystem;

    @Option(names = "--max-depth", paramLabel = "N",
            description = "Only files at most N levels below each PATH (1: only files directly in it).")
    Integer maxDepth;

    @Option(names = "--files-from", paramLabel = "FILE",
            description = "Also the files named in FILE (-: standard input), one a line, or NUL-separated with -0; "
                + "PATHs are then optional. Directories in it are not walked; symbolic links only with -L.")
    String filesFrom;

    @Option(names = "--include", paramLabel = "GLOB",
            description = "Only files whose path below PATH (or name, for a GLOB without /) matches GLOB; "
                + "repeatable: * and ? never match /, ** does, [a-z] a byte of a set.")
    List<String> includes = new ArrayList<>();

    @Option(names = "--exclude", paramLabel = "GLOB",
            description = "Leave out files and directories that match GLOB (an excluded directory is not walked); "
                + "repeatable; GLOB/ matches directories only.")
    List<String> excludes = new ArrayList<>();

    @Option(names = "--min-size", paramLabel = "SIZE", converter = SizeConverter.FileSize.class,
            description = "Only files of at least SIZE bytes (0, 100, 64k, 1M, 2G).")
    Long minSize;

    @Option(names = "--max-size", paramLabel = "SIZE", converter = SizeConverter.FileSize.class,
            description = "Only files of at most SIZE bytes.")
    Long maxSize;

    /** Set by --replay: the snapshot's names, which stand in for PATHs and --files-from. */
    Function<Os, PathListReader> replayed;

    Order order() {
        if (nosort && order != null && order != Order.NONE) {
            throw new ParameterException(spec.commandLine(), "--nosort and --order=" + order.key() + " contradict each other");
        }
        return nosort ? Order.NONE : order != null ? order : Order.AUTO;
    }

    OrderSettings orderSettings() {
        return new OrderSettings(order(), locate, syncExtents);
    }

    WalkSettings settings() {
        if (maxDepth != null && maxDepth < 0) {
            throw new ParameterException(spec.commandLine(), "--max-depth must be 0 or more");
        }
        PathFilter filter;
        try {
            filter = PathFilter.of(includes, excludes);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        return new WalkSettings(follow, oneFileSystem, maxDepth == null ? Integer.MAX_VALUE : maxDepth, filter);
    }

    SizeRange sizes() {
        SizeRange sizes = new SizeRange(minSize == null ? SizeRange.ALL.min() : minSize,
                maxSize == null ? SizeRange.ALL.max() : maxSize);
        if (sizes.min() > sizes.max()) {
            throw new ParameterException(spec.commandLine(), "--min-size is larger than --max-size: no file would be read");
        }
        return sizes;
    }

    /**
     * What to walk and how to order it: {@code paths} (null or empty if there are none) and the
     * --files-from list ({@code stdin} for -, {@code nul}: -0); a usage error if the options contradict.
     */
    OrderedFilesSettings select(List<String> paths, InputStream stdin, boolean nul) {
        requirePaths(paths);
        OrderSettings order = orderSettings();
        SizeRange sizes = sizes();
        List<String> patterns = new ArrayList<>();
        includes.forEach(g -> patterns.add("--include " + quoted(g)));
        excludes.forEach(g -> patterns.add("--exclude " + quoted(g)));
        List<String> sizeFilters = new ArrayList<>();
        if (minSize != null) {
            sizeFilters.add("--min-size " + minSize);
        }
        if (maxSize != null) {
            sizeFilters.add("--max-size " + maxSize);
        }
        return new OrderedFilesSettings(paths == null ? List.of() : paths.stream().map(RawArguments::bytes).toList(),
                list(stdin, nul), settings(), order, sizes, replayed != null, patterns, sizeFilters);
    }

    /** As a shell would take it back: '*.xyz', and a quote in it as '\''. */
    private static String quoted(String glob) {
        return "'" + glob.replace("'", "'\\''") + "'";
    }

    /** PATHs may be left out when --files-from names the files. */
    void requirePaths(List<String> paths) {
        if ((paths == null || paths.isEmpty()) && filesFrom == null && replayed == null) {
            throw new ParameterException(spec.commandLine(), "Missing required parameter: 'PATH' (or --files-from)");
        }
    }

    /**
     * The --files-from list, once the Os is known (it opens the list by its bytes), or null; {@code nul}:
     * -0 was given.
     */
    Function<Os, PathListReader> list(InputStream stdin, boolean nul) {
        if (replayed != null) {
            return replayed;
        }
        return filesFrom == null ? null : os -> new PathListReader(RawArguments.bytes(filesFrom), stdin, nul, os);
    }

    /** The walk's resolved settings, for the JSON record. */
    void describe(dirdump.report.RunRecord record) {
        record.setting("order", order().key()).setting("locate", locate.key())
                .setting("sync_extents", syncExtents).setting("follow", follow)
                .setting("one_file_system", oneFileSystem).setting("max_depth", maxDepth)
                .setting("files_from", filesFrom).setting("include", includes).setting("exclude", excludes)
                .setting("min_size", minSize).setting("max_size", maxSize);
    }
}
