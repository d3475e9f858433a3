package dirdump.run;

import dirdump.lock.LockCheck;
import dirdump.lock.LockPass;
import dirdump.lock.LockedSet;
import dirdump.outcome.Reporter;
import dirdump.outcome.StopRequest;
import dirdump.run.ExitCode;
import dirdump.run.NoMatch;
import dirdump.run.OrderedFiles;
import dirdump.sys.AvailableMemory;
import dirdump.sys.LockLimits;
import dirdump.sys.Processes;
import dirdump.sys.SysException;

/** What lock and run --lock share: the selection mapped, checked whole, then locked. */
public final class LockRun {
    /**
     * The set locked; or, when it could not be, {@code refusal} says why (the end of "cannot lock: ...",
     * told already), the set holds nothing and {@link #exit} is {@link ExitCode#CANNOT_LOCK}. Else
     * {@link #exit} is the status of the lock so far; {@code facts}: its summary's (also for a refusal).
     */
    public record Locked(LockedSet set, PassFacts facts, String refusal) {
        public ExitCode exit() {
            return facts.ending().exit();
        }
    }

    private LockRun() {
    }

    /** {@code maxLocked}: 0 for no cap; {@code stop} ends it early (a signal), with what was locked. */
    public static Locked lock(OrderedFiles files, long maxLocked, Reporter reporter, StopRequest stop) {
        boolean noMatch = NoMatch.check(files, reporter);
        long start = System.nanoTime();
        // Both before the mapping: the address space it takes is not room taken from the set.
        AvailableMemory.Bound room = AvailableMemory.now();
        LockedSet set;
        String refusal;
        try {
            LockLimits limits = LockLimits.now(Processes.load());
            set = LockPass.map(files.os(), files.walk(), files.sequence(), maxLocked,
                    limits.mappingsLeft(), files.tally(), reporter, stop);
            refusal = LockCheck.refusal(set, limits, room);
        } catch (SysException e) {
            set = new LockedSet();
            refusal = e.getMessage();
        }
        if (refusal != null) {
            set.close();
            reporter.problem("cannot lock: " + refusal);
        } else {
            set.lock(reporter, files.tally(), stop);
        }
        ExitCode exit = refusal != null ? ExitCode.CANNOT_LOCK
                : ExitCode.of(files.walk(), files.tally(), stop.signal(), noMatch);
        return new Locked(set, PassFacts.of(files, "mlock", exit, stop,
                new PassFacts.Phase("locking", System.nanoTime() - start)), refusal);
    }
}
