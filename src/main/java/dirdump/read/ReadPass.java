package dirdump.read;

import dirdump.cache.ResidencyChange;
import dirdump.outcome.Reporter;
import dirdump.scan.SequenceCursor;
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

    /** Reads the files {@code cursor} hands out (a sequence, or a {@link dirdump.scan.ListedSequence} while the walk goes on) by {@code plan}. */
    public static Result run(Os os, WalkResult walk, SequenceCursor cursor, ReadPlan plan, ReadLimits limits,
                             Reporter reporter) {
        ReadParts parts = new ReadParts(os, walk, new FileWarmer.Run(cursor, plan, limits, reporter));
        ReadLayout layout = plan.readers() == 1 && plan.ioPriority() == null ? new CallerReads()
                : plan.prefetch() == 0 || plan.engine() == ReadPlan.Engine.ADVICE ? new ParallelReaders()
                : new PrefetchPipeline();
        int started = layout.read(parts);
        if (started == 0) {
            started = new CallerReads().read(parts);  // no reading thread could be started: the caller's reads what is left
        }
        parts.shared().closeUnfinished();
        return parts.sum(started);
    }
}
