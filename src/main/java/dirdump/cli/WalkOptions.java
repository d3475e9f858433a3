package dirdump.cli;

import dirdump.order.LocateMethod;
import dirdump.order.Order;
import dirdump.order.OrderSettings;
import dirdump.scan.WalkSettings;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** Which files are listed and in which order they are read. */
public final class WalkOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--order", paramLabel = "ORDER",
            description = "Read order: auto (default: physical on rotating disks, inode on others, none on tmpfs "
                + "and network file systems), physical, inode, name, none (as directories list entries).")
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

    @Option(names = {"-L", "--follow"}, description = "Follow symbolic links (loops are detected and skipped).")
    boolean follow;

    @Option(names = {"-x", "--one-file-system"}, description = "Do not descend into other file systems.")
    boolean oneFileSystem;

    @Option(names = "--max-depth", paramLabel = "N",
            description = "Only files at most N levels below each PATH (1: only files directly in it).")
    Integer maxDepth;

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
        return new WalkSettings(follow, oneFileSystem, maxDepth == null ? Integer.MAX_VALUE : maxDepth);
    }
}
