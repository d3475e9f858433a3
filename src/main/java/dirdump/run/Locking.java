package dirdump.run;

import dirdump.lock.LockCheck;
import dirdump.lock.LockRun;
import dirdump.lock.LockedSet;
import dirdump.outcome.Reporter;
import dirdump.run.ExitCode;
import dirdump.run.NoMatch;
import dirdump.run.OrderedFiles;
import dirdump.scan.StopRequest;
import dirdump.sys.AvailableMemory;
import dirdump.sys.LockLimits;
import dirdump.sys.SysException;

/** What lock and run --lock share: the selection mapped, checked whole, then locked. */
public final class Locking {
    /**
     * The set locked, null if it could not be ({@code exit} is then {@link ExitCode#CANNOT_LOCK}, and
     * why was said); {@code exit}: else the status of the lock so far, {@code facts} its summary's.
     */
    public record Locked(LockedSet set, ExitCode exit, PassFacts facts) {
    }

    private Locking() {
    }

    /** {@code maxLocked}: 0 for no cap; {@code stop} ends it early (a signal), with what was locked. */
    public static Locked lock(OrderedFiles selection, long maxLocked, Reporter reporter, StopRequest stop) {
        boolean noMatch = NoMatch.check(selection, reporter);
        long start = System.nanoTime();
        LockedSet set = lockSet(selection, maxLocked, reporter, stop);
        if (set == null) {
            return new Locked(null, ExitCode.CANNOT_LOCK, null);
        }
        ExitCode exit = ExitCode.of(selection.listing(), selection.tally(), stop.signal(), noMatch);
        return new Locked(set, exit, PassFacts.of(selection, "mlock", "locking", System.nanoTime() - start, exit, stop));
    }

    private static LockedSet lockSet(OrderedFiles selection, long maxLocked, Reporter reporter, StopRequest stop) {
        // Both before the mapping: the address space it takes is not room taken from the set.
        AvailableMemory.Bound room = AvailableMemory.now();
        LockLimits limits;
        try {
            limits = LockLimits.now(selection.os());
        } catch (SysException e) {
            reporter.problem("cannot lock: " + e.getMessage());
            return null;
        }
        LockedSet set = LockRun.map(selection.os(), selection.listing(), selection.sequence(), maxLocked,
                selection.tally(), reporter, stop);
        String refusal = LockCheck.refusal(set, limits, room);
        if (refusal != null) {
            set.close();
            reporter.problem("cannot lock: " + refusal);
            return null;
        }
        set.lock(reporter, selection.tally(), stop);
        return set;
    }
}
