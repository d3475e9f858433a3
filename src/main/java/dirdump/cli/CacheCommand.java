package dirdump.cli;

import dirdump.run.Selection;
import dirdump.report.StderrReporter;
import dirdump.scan.SharedCursor;
import dirdump.scan.StopRequest;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * What `status` and `evict` share: they walk and order like a read, measure each file's residency,
 * and read nothing. Their PATH parameter stays with each, for its own description.
 */
abstract class CacheCommand {
    @ParentCommand
    DirdumpCommand parent;

    @Mixin
    WalkOptions walk;

    @Mixin
    ListOptions list;

    @Mixin
    ProbeOptions probeOptions;

    @Mixin
    OutputOptions output;

    @Spec
    CommandSpec spec;

    Selection select(List<String> paths, StderrReporter reporter, StopRequest stop) {
        parent.refusePathsBefore(spec.name(), spec);
        return Selection.of(walk.select(paths, parent.in, list.nul), reporter, stop);
    }

    /** Two cores measure twice as fast; with -v, one thread keeps the per-file lines in order. */
    static int threads(Selection selection, StderrReporter reporter) {
        return reporter.verbose() ? 1 : SharedCursor.threads(selection.sequence().length, 4);
    }
}
