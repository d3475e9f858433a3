package dirdump.run;

import dirdump.outcome.RoomText;
import dirdump.sys.AvailableMemory;

/**
 * What --max-bytes auto made its bound of, for the summary: the {@code room} the page cache had as the
 * read started (Long.MAX_VALUE: nothing bounds it), the clean {@code pageCache} the room counted as free,
 * which the bound leaves out, the {@code limit} of the cgroup level that binds (null: not a cgroup's),
 * {@code why} (which bound: "MemAvailable", "the limit of memory cgroup /job"), and {@code named}: that
 * with its numbers, as messages say it.
 */
public record AutoBound(long room, long pageCache, Long limit, String why, String named) {
    static AutoBound of(AvailableMemory.Bound b) {
        return new AutoBound(b.bytes(), Math.min(b.pageCache(), b.bytes()), b.limit() < 0 ? null : b.limit(), b.what(),
                RoomText.of(b));
    }
}
