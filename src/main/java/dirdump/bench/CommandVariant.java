package dirdump.bench;

import dirdump.outcome.StopRequest;
import dirdump.proc.TimedCommand;

/**
 * An outside command ({@code --vs}), run through {@code sh -c} in a process group of its own with its
 * output discarded, timed from start to exit ({@link TimedCommand}). What it read is not known, so it
 * is credited with the files under the PATHs.
 */
public final class CommandVariant implements Variant {
    private final String command;
    private final FileSet files;
    private final long timeoutNanos;
    private final StopRequest stop;

    /** {@code timeoutNanos}: how long a run may take before it is ended and marked failed. */
    public CommandVariant(String command, FileSet files, long timeoutNanos, StopRequest stop) {
        this.command = command;
        this.files = files;
        this.timeoutNanos = timeoutNanos;
        this.stop = stop;
    }

    @Override
    public String label() {
        return command;
    }

    @Override
    public String kind() {
        return "command";
    }

    @Override
    public RunOutcome run() {
        TimedCommand.Ended ended = TimedCommand.run(command, timeoutNanos, stop);
        return ended.started() ? new RunOutcome(ended.nanos(), files.files(), files.bytes(), ended.failure())
                : new RunOutcome(ended.nanos(), 0, 0, ended.failure());
    }
}
