package dirdump.lock;

import dirdump.outcome.RoomText;
import dirdump.outcome.Units;
import dirdump.sys.AvailableMemory;
import dirdump.sys.LockLimits;
import dirdump.sys.SlurmJob;
import java.util.Locale;

/**
 * Whether a mapped set can be locked whole, before any of it is: a lock that stops part way, or pins
 * memory the machine needs, is worse than none. It cannot if it is more than RLIMIT_MEMLOCK allows
 * (without CAP_IPC_LOCK), more than the memory there is to hold it (MemAvailable, the room its memory
 * cgroups leave: the set's pages, even those cached now, can no longer be reclaimed), or needs more mappings
 * than vm.max_map_count leaves.
 */
public final class LockCheck {
    private LockCheck() {
    }

    /** Why the set cannot be locked, as the end of "cannot lock: ...", or null if it can. */
    public static String refusal(LockedSet set, LockLimits limits, AvailableMemory.Bound room) {
        String why = limitRefusal(set, limits, room);
        SlurmJob job = SlurmJob.current();
        return why == null || job == null ? why : why + "; " + job.lockLimitsHint();
    }

    private static String limitRefusal(LockedSet set, LockLimits limits, AvailableMemory.Bound room) {
        long bytes = set.mappedBytes();
        if (!limits.allows(bytes)) {
            return String.format(Locale.ROOT, "the set needs %s locked, more than RLIMIT_MEMLOCK allows (%s%s; "
                    + "ulimit -l, LimitMEMLOCK= in a systemd unit): raise it, or give --max-locked",
                    Units.bytes(bytes), Units.bytes(limits.limit()), limits.locked() == 0 ? ""
                            : ", of which " + Units.bytes(limits.locked()) + " is locked already");
        }
        if (bytes > room.bytes()) {
            return String.format(Locale.ROOT, "the set needs %s locked, more than the memory there is to hold it "
                    + "(%s, %s): give --max-locked", Units.bytes(bytes), Units.bytes(room.bytes()),
                    RoomText.of(room));
        }
        if (set.mappings() > limits.mappingsLeft()) {
            return String.format(Locale.ROOT, "the set needs %,d mappings, and vm.max_map_count leaves room for %,d "
                    + "more: raise it (sysctl vm.max_map_count) or give fewer files", set.mappings(),
                    limits.mappingsLeft());
        }
        return null;
    }
}
