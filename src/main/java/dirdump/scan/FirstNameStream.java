package dirdump.scan;

import dirdump.outcome.SkipReason;
import java.util.BitSet;

/**
 * The walk's files handed on as they are listed, for a pass that starts before the walk ends: the first
 * name of each file goes into a {@link ListedSequence}, a second name is counted and told, as {@link
 * UniqueFiles} would after the walk. Fed in the walking thread, a batch at a time.
 */
final class FirstNameStream {
    private final ListedSequence sequence = new ListedSequence();
    /** The files handed on: each file's first name. */
    private final BitSet kept = new BitSet();
    private final WalkResult soFar;
    private final EntryOutcomes outcomes;
    /** Let go once the walk ends: its slots are as many as the files listed. */
    private FirstNames firstNames;
    private int told;

    FirstNameStream(WalkResult soFar, EntryOutcomes outcomes) {
        this.soFar = soFar;
        this.outcomes = outcomes;
        this.firstNames = new FirstNames(soFar);
    }

    ListedSequence sequence() {
        return sequence;
    }

    BitSet kept() {
        return kept;
    }

    /** The files listed before {@code upTo} are in the tables for good: each first name handed on. */
    void listed(int upTo) {
        for (int f = told; f < upTo; f++) {
            if (firstNames.first(f)) {
                kept.set(f);
                sequence.add(f);
            } else {
                outcomes.skip(soFar.path(f), SkipReason.DUPLICATE);
            }
        }
        told = upTo;
        sequence.publish();
    }

    /** The walk is over: the sequence ends once its files are taken. */
    void end() {
        firstNames = null;
        sequence.end();
    }
}
