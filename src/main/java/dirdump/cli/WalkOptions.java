package dirdump.cli;

import dirdump.order.Order;
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
            description = "Order of the files: none (as directories list entries), name, inode (default).")
    Order order;

    @Option(names = "--nosort", description = "Same as --order=none: directory order, to compare.")
    boolean nosort;

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
        return nosort ? Order.NONE : order != null ? order : Order.INODE;
    }

    WalkSettings settings() {
        if (maxDepth != null && maxDepth < 0) {
            throw new ParameterException(spec.commandLine(), "--max-depth must be 0 or more");
        }
        return new WalkSettings(follow, oneFileSystem, maxDepth == null ? Integer.MAX_VALUE : maxDepth);
    }
}
