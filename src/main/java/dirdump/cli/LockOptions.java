package dirdump.cli;

import dirdump.report.RunRecord;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** What lock and run --lock share of their options. */
public final class LockOptions {
    @Option(names = "--max-locked", paramLabel = "SIZE", converter = SizeConverter.FileSize.class,
            description = "Lock at most SIZE bytes (500M, 8G): the files in order while the next fits whole; that "
                + "one and those after it are left out, as the summary says.")
    Long maxLocked;

    /** Refuses a cap of 0 (which would lock nothing, or seem to mean none), before the walk. */
    void validate(CommandSpec spec) {
        if (maxLocked != null && maxLocked < 1) {
            throw new ParameterException(spec.commandLine(), "--max-locked must be 1 byte or more");
        }
    }

    /** The cap in bytes, 0 for none. */
    long maxLocked() {
        return maxLocked == null ? 0 : maxLocked;
    }

    void describe(RunRecord record) {
        record.setting("max_locked", maxLocked);
    }
}
