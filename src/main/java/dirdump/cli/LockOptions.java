package dirdump.cli;

import dirdump.report.RunRecord;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** What lock and run --lock share of their options. */
public final class LockOptions {
    final Value<Long> maxLocked = new Value<>(null);
    final Value<Boolean> follow = new Value<>(false);

    /** Adds --max-locked to {@code command}'s model, as the mixin "lockOptions". */
    void addTo(CommandSpec command) {
        CommandSpec lock = CommandSpec.create();
        lock.addOption(maxLocked.option(Long.class, "--max-locked").paramLabel("SIZE").converters(new SizeConverter.FileSize())
                .description("Lock at most SIZE bytes (500M, 8G): the files in order while the next fits whole; that "
                    + "one and those after it are left out, as the summary says.")
                .build());
        lock.addOption(follow.option(boolean.class, "--watch")
                .description("Keep the set locked while the tree changes (inotify on every directory below each "
                    + "directory PATH): a new or grown file is locked, a replaced one locked anew, a removed one "
                    + "unlocked.").build());
        command.addMixin("lockOptions", lock);
    }

    /** Refuses a cap of 0 (which would lock nothing, or seem to mean none), before the walk. */
    void validate(CommandSpec spec) {
        if (maxLocked.value() != null && maxLocked.value() < 1) {
            throw new ParameterException(spec.commandLine(), "--max-locked must be 1 byte or more");
        }
    }

    /** The cap in bytes, 0 for none. */
    long maxLocked() {
        return maxLocked.value() == null ? 0 : maxLocked.value();
    }

    boolean follow() {
        return follow.value();
    }

    void describe(RunRecord record) {
        record.setting("max_locked", maxLocked.value());
    }
}
