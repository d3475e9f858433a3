package dirdump.outcome;

import dirdump.sys.AvailableMemory;
import java.util.Locale;

/**
 * A bound on the memory there is, as messages name it, with the numbers that make it: "MemAvailable",
 * or "the limit of memory cgroup /job, 4.0 GiB, less 1.2 GiB in use" (clean page cache not counted as
 * in use: the kernel reclaims it).
 */
public final class RoomText {
    private RoomText() {
    }

    public static String of(AvailableMemory.Bound b) {
        return b.limit() < 0 ? b.what() : String.format(Locale.ROOT, "%s, %s, less %s in use", b.what(),
                Units.bytes(b.limit()), Units.bytes(Math.max(0, b.limit() - b.bytes())));
    }
}
