package dirdump.run;

import dirdump.outcome.Reporter;
import dirdump.outcome.RoomText;
import dirdump.outcome.Units;
import dirdump.read.ReadLimits;
import dirdump.sys.AvailableMemory;
import dirdump.sys.SlurmJob;
import java.util.Locale;

/**
 * A set larger than the page cache can hold evicts its own start as its end comes in: say so. The
 * bytes a set needs are known before the read only from a snapshot (--replay); a walk gives no sizes,
 * and a stat a file before the read would cost a system call a file (and, on a cold cache, an inode
 * read each), so then it is said the moment more than that has been brought in.
 */
final class MemoryNotice {
    private MemoryNotice() {
    }

    /**
     * {@code room}: the memory there is for the page cache; {@code needed}: the set's bytes when known
     * (else -1); {@code maxBytes}: the --max-bytes bound or null.
     */
    static void announce(AvailableMemory.Bound room, long needed, Long maxBytes, ReadLimits limits, Reporter reporter) {
        if (room.bytes() == Long.MAX_VALUE) {
            return;  // nothing to compare with
        }
        SlurmJob job = SlurmJob.current();
        // A job's reads are charged to its memory cgroup: a set beyond --mem evicts itself, however much is free.
        String can = String.format(Locale.ROOT, "about %s can be cached (%s%s)", Units.bytes(room.bytes()),
                RoomText.of(room), job == null ? "" : "; the pages " + job.name() + " reads are charged to its memory "
                        + "cgroup, which --mem sets");
        if (needed >= 0) {
            long bringing = maxBytes == null ? needed : Math.min(needed, maxBytes);
            if (bringing > room.bytes()) {
                reporter.warning(String.format(Locale.ROOT, "the set needs %s; %s: the end of the read will evict "
                        + "its start (--max-bytes auto warms what fits)", Units.bytes(bringing), can));
            }
        } else if (maxBytes == null || maxBytes > room.bytes()) {
            limits.whenBeyond(room.bytes(), () -> reporter.warning(String.format(Locale.ROOT, "the set needs more "
                    + "than the %s brought in so far; %s: the end of the read will evict its start (--max-bytes "
                    + "auto warms what fits)", Units.bytes(room.bytes()), can)));
        }
    }
}
