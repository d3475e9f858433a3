package dirdump.read;

import dirdump.cache.ResidencyChange;
import dirdump.outcome.Reporter;
import dirdump.outcome.SequenceCursor;
import dirdump.outcome.Tally;
import dirdump.scan.WalkResult;
import dirdump.sys.Os;

/**
 * Reads the files in sequence order, all threads taking them from one shared cursor, by the layout the
 * plan asks for: one reader in the caller's thread (CallerReads), readers in parallel
 * (ParallelReaders), or openers ahead of readers (PrefetchPipeline, --prefetch).
 */
public final class ReadPass {
    /** What the workers counted, the residency before and after, and how many readers read (fewer than asked if the system refused threads). */
    public record Result(Tally tally, ResidencyChange residency, int readers) {
    }

    private ReadPass() {
    }

    public static Result run(Os os, WalkResult walk, int[] sequence, ReadPlan plan, ReadLimits limits,
                             Reporter reporter) {
        return run(os, walk, new SequenceCursor(sequence), plan, limits, reporter);
    }

    /** As above, the files taken from {@code cursor}: a {@link ListedSequence} while the walk goes on. */
    public static Result run(Os os, WalkResult walk, SequenceCursor cursor, ReadPlan plan, ReadLimits limits,
                             Reporter reporter) {
        ReadParts parts = new ReadParts(os, walk, cursor, plan, limits, reporter);
        ReadLayout layout = plan.jobs() == 1 && plan.ioPriority() == null ? new CallerReads()
                : plan.prefetch() == 0 || plan.method() == ReadMethod.WILLNEED ? new ParallelReaders()
                : new PrefetchPipeline();
        int readers = layout.read(parts);
        if (readers == 0) {
            readers = new CallerReads().read(parts);  // no reading thread could be started: the caller's reads what is left
        }
        parts.shared().closeUnfinished();
        return parts.sum(readers);
    }
}
