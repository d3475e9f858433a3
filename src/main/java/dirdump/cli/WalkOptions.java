package dirdump.cli;

import dirdump.order.LocateMethod;
import dirdump.order.Order;
import dirdump.order.OrderSettings;
import dirdump.outcome.PathText;
import dirdump.run.FileSelection;
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
import picocli.CommandLine.ParameterException;

/** Which files are listed (PATHs, a list, filters) and in which order they are read. */
public final class WalkOptions {
    /** The command's model, whose command line a usage error names. */
    private CommandSpec spec;

    final Value<Order> order = new Value<>(null);
    final Value<Boolean> nosort = new Value<>(false);
    final Value<LocateMethod> locate = new Value<>(null);
    final Value<Boolean> syncExtents = new Value<>(false);
    final Value<Boolean> follow = new Value<>(false);
    final Value<Boolean> oneFileSystem = new Value<>(false);
    final Value<Integer> maxDepth = new Value<>(null);
    final Value<String> filesFrom = new Value<>(null);
    final Value<List<String>> includes = new Value<>(new ArrayList<>());
    final Value<List<String>> excludes = new Value<>(new ArrayList<>());
    final Value<Long> minSize = new Value<>(null);
    final Value<Long> maxSize = new Value<>(null);

    /** Adds the options to {@code command}'s model, as the mixin "walk". */
    void addTo(CommandSpec command) {
        spec = command;
        CommandSpec walk = CommandSpec.create();
        walk.addOption(order.option(Order.class, "--order").paramLabel("ORDER")
                .description("Order of the files: auto (physical on rotating disks, inode on others, none on tmpfs "
                    + "and network file systems; a read on disks that do not rotate reads each file as soon as "
                    + "it is listed), physical, inode, name, none (as directories list entries). "
                    + "Default auto; for status, none (the walk's order).").build());
        walk.addOption(nosort.option(boolean.class, "--nosort")
                .description("Same as --order=none: directory order, to compare.").build());
        walk.addOption(locate.option(LocateMethod.class, "--locate").paramLabel("METHOD").defaultValue("auto")
                .description("How physical order finds blocks: auto (FIEMAP, or FIBMAP where FIEMAP is refused), "
                    + "fiemap, fibmap (needs root).").build());
        walk.addOption(syncExtents.option(boolean.class, "--sync-extents")
                .description("Flush files not yet written to disk to learn where they lie (they keep their inode position otherwise).")
                .build());
        walk.addOption(follow.option(boolean.class, "-L", "--follow")
                .description("Follow symbolic links: those that are links when listed "
                    + "(loops are detected and skipped). A file that becomes a link after the listing is not followed: "
                    + "it is told as changed.").build());
        walk.addOption(oneFileSystem.option(boolean.class, "-x", "--one-file-system")
                .description("Do not descend into other mounts: other file systems, and bind mounts.").build());
        walk.addOption(maxDepth.option(Integer.class, "--max-depth").paramLabel("N")
                .description("Only files at most N levels below each PATH (1: only files directly in it; 0: only file PATHs, "
                    + "as find -maxdepth 0).").build());
        walk.addOption(filesFrom.option(String.class, "--files-from").paramLabel("FILE")
                .description("Also the files named in FILE (-: standard input), one a line, or NUL-separated with -0; "
                    + "PATHs are then optional. Directories in it are not walked; symbolic links only with -L.").build());
        walk.addOption(CommandSpecs.repeatable(includes, "--include").paramLabel("GLOB")
                .description("Only files whose path below PATH (or name, for a GLOB without /) matches GLOB; "
                    + "repeatable: * and ? never match /, ** does, [a-z] a byte of a set.").build());
        walk.addOption(CommandSpecs.repeatable(excludes, "--exclude").paramLabel("GLOB")
                .description("Leave out files and directories that match GLOB (an excluded directory is not walked); "
                    + "repeatable; GLOB/ matches directories only.").build());
        walk.addOption(minSize.option(Long.class, "--min-size").paramLabel("SIZE").converters(new SizeConverter.FileSize())
                .description("Only files of at least SIZE bytes (0, 100, 64k, 1M, 2G).").build());
        walk.addOption(maxSize.option(Long.class, "--max-size").paramLabel("SIZE").converters(new SizeConverter.FileSize())
                .description("Only files of at most SIZE bytes.").build());
        command.addMixin("walk", walk);
    }

    /** Set by --replay: the snapshot's names, which stand in for PATHs and --files-from. */
    Function<Os, PathListReader> replayed;

    Order order() {
        if (nosort.value() && order.value() != null && order.value() != Order.NONE) {
            throw new ParameterException(spec.commandLine(), "--nosort and --order=" + order.value().key() + " contradict each other");
        }
        return nosort.value() ? Order.NONE : order.value() != null ? order.value() : Order.AUTO;
    }

    OrderSettings orderSettings() {
        return new OrderSettings(order(), locate.value(), syncExtents.value());
    }

    WalkSettings settings() {
        if (maxDepth.value() != null && maxDepth.value() < 0) {
            throw new ParameterException(spec.commandLine(), "--max-depth must be 0 or more");
        }
        PathFilter filter;
        try {
            filter = PathFilter.of(includes.value().stream().map(RawArguments::bytes).toList(),
                    excludes.value().stream().map(RawArguments::bytes).toList());
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        return new WalkSettings(follow.value(), oneFileSystem.value(), maxDepth.value() == null ? Integer.MAX_VALUE : maxDepth.value(), filter);
    }

    SizeRange sizes() {
        SizeRange sizes = new SizeRange(minSize.value() == null ? SizeRange.ALL.min() : minSize.value(),
                maxSize.value() == null ? SizeRange.ALL.max() : maxSize.value());
        if (sizes.min() > sizes.max()) {
            throw new ParameterException(spec.commandLine(), "--min-size is larger than --max-size: no file would be read");
        }
        return sizes;
    }

    /**
     * What to walk and how to order it: {@code paths} (null or empty if there are none) and the
     * --files-from list ({@code stdin} for -, {@code nul}: -0); a usage error if the options contradict.
     */
    FileSelection selection(List<String> paths, InputStream stdin, boolean nul) {
        requirePaths(paths);
        OrderSettings order = orderSettings();
        SizeRange sizes = sizes();
        List<String> patterns = new ArrayList<>();
        includes.value().forEach(g -> patterns.add("--include " + quoted(g)));
        excludes.value().forEach(g -> patterns.add("--exclude " + quoted(g)));
        List<String> sizeFilters = new ArrayList<>();
        if (minSize.value() != null) {
            sizeFilters.add("--min-size " + minSize.value());
        }
        if (maxSize.value() != null) {
            sizeFilters.add("--max-size " + maxSize.value());
        }
        FileSelection.Sources sources = new FileSelection.Sources(paths == null ? List.of()
                : paths.stream().map(RawArguments::bytes).toList(), list(stdin, nul), replayed != null);
        return new FileSelection(new FileSelection.Listing(sources, settings(), sizes,
                new FileSelection.FiltersGiven(patterns, sizeFilters)), order);
    }

    /** As a shell would take it back: '*.xyz', and a quote in it as '\''; escaped as in messages (PathText). */
    private static String quoted(String glob) {
        return "'" + PathText.of(glob).replace("'", "'\\''") + "'";
    }

    /** PATHs may be left out when --files-from names the files. */
    void requirePaths(List<String> paths) {
        if ((paths == null || paths.isEmpty()) && filesFrom.value() == null && replayed == null) {
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
        return filesFrom.value() == null ? null : os -> new PathListReader(RawArguments.bytes(filesFrom.value()), stdin, nul, os);
    }

    /** The walk's resolved settings, for the JSON record. */
    void describe(dirdump.report.RunRecord record) {
        record.setting("order", order().key()).setting("locate", locate.value().key())
                .setting("sync_extents", syncExtents.value()).setting("follow", follow.value())
                .setting("one_file_system", oneFileSystem.value()).setting("max_depth", maxDepth.value())
                .setting("files_from", filesFrom.value()).setting("include", includes.value()).setting("exclude", excludes.value())
                .setting("min_size", minSize.value()).setting("max_size", maxSize.value());
    }
}
