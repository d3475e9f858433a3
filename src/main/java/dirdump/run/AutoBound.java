package dirdump.run;

import dirdump.outcome.RoomText;
import dirdump.sys.AvailableMemory;

/**
 * What --max-bytes auto made its bound of, for the summary: the memory there was as the read started
 * ({@code found}), and {@code setAside}: what the bound leaves of it for dirdump's own memory as it
 * reads (the readers' buffers and its own growth).
 */
public record AutoBound(AvailableMemory.Bound found, long setAside) {
    /** The room the page cache had as the read started; Long.MAX_VALUE: nothing bounds it. */
    public long room() {
        return found.bytes();
    }

    /** The clean page cache the room counted as free, which the bound leaves out. */
    public long pageCache() {
        return Math.min(found.pageCache(), found.bytes());
    }

    /** The limit of the cgroup level that binds; null: not a cgroup's. */
    public Long limit() {
        return found.limit() < 0 ? null : found.limit();
    }

    /** Which bound it is: "MemAvailable", "the limit of memory cgroup /job". */
    public String why() {
        return found.what();
    }

    /** That with its numbers, as messages say it. */
    public String named() {
        return RoomText.of(found);
    }
}
