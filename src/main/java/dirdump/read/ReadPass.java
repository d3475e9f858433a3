package dirdump.read;

import dirdump.cache.ResidencyChange;
import dirdump.outcome.Reporter;
import dirdump.order.SequenceCursor;
import dirdump.outcome.Tally;
import dirdump.scan.WalkResult;
import dirdump.sys.Os;

/**
 * Reads the files in sequence order, all threads taking them from one shared cursor, by the layout the
 * reading asks for: one reader in the caller's thread (CallerReads), readers in parallel
 * (ParallelReaders), or openers ahead of readers (PrefetchPipeline, --prefetch).
 */
public final class ReadPass {
    /** What the workers counted, the residency before and after, and how many readers read (fewer than asked if the system refused threads). */
    public record Result(Tally tally, ResidencyChange residency, int readers) {
    }

    private ReadPass() {
    }

    /** {@code reading}: its readers' count resolved (not null). */
    public static Result run(Os os, WalkResult walk, int[] sequence, Reading reading, ReadLimits limits,
                             Reporter reporter) {
        return run(os, walk, new SequenceCursor(sequence), reading, limits, reporter);
    }

    /** As above, the files taken from {@code cursor}: a {@link ListedSequence} while the walk goes on. */
    public static Result run(Os os, WalkResult walk, SequenceCursor cursor, Reading reading, ReadLimits limits,
                             Reporter reporter) {
        ReadParts parts = new ReadParts(os, walk, new FileWarmer.Run(cursor, reading, limits, reporter));
        Readers readers = reading.readers();
        ReadLayout layout = readers.count() == 1 && readers.ioPriority() == null ? new CallerReads()
                : readers.prefetch() == 0 || reading.method() == ReadMethod.WILLNEED ? new ParallelReaders()
                : new PrefetchPipeline();
        int started = layout.read(parts);
        if (started == 0) {
            started = new CallerReads().read(parts);  // no reading thread could be started: the caller's reads what is left
        }
        parts.shared().closeUnfinished();
        return parts.sum(started);
    }
}
