package dirdump.run;

import dirdump.cache.ResidencyChange;
import dirdump.order.DeviceOrder;
import dirdump.order.LocateAll;
import dirdump.read.ReadLimits;
import dirdump.outcome.Tally;
import dirdump.outcome.Units;
import java.util.List;

/**
 * What a read did, for the summary (people, JSON) and for bench: the counts, the times, and the facts
 * each feature adds. {@code locatedAfter} (every file located after the read, for the seek distance),
 * {@code maxBytes}, {@code partRead} (the file --max-bytes cut short), {@code replay}, {@code stoppedBy} (a signal's name) and {@code ioFallback} (why the
 * native I/O was not used) are null where they do not apply.
 */
public record ReadResult(
        String order,
        String method,
        String io,
        int readers,
        int bufferSize,
        Tally tally,
        int unusablePaths,
        long listingNanos,
        long orderingNanos,
        long locatingNanos,
        long readingNanos,
        List<DeviceOrder> devices,
        LocateAll.Result locatedAfter,
        ResidencyChange residency,
        Long maxBytes,
        boolean boundReached,
        ReadLimits.PartRead partRead,
        Replay replay,
        String stoppedBy,
        String ioFallback,
        int exitStatus) {

    public long totalNanos() {
        return listingNanos + orderingNanos + locatingNanos + readingNanos;
    }

    public double seconds() {
        return totalNanos() / 1e9;
    }

    /** Over the whole run, listing included: what the user waits for. In MiB, as every size (dirdump(1), "Units"). */
    public double mebibytesPerSecond() {
        return totalNanos() == 0 ? 0 : tally.bytesRead() / Units.MIB / seconds();
    }

    public double filesPerSecond() {
        return totalNanos() == 0 ? 0 : tally.filesRead() / seconds();
    }
}
