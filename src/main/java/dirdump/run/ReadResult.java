package dirdump.run;

import dirdump.cache.ResidencyChange;
import dirdump.order.DeviceOrder;
import dirdump.order.LocateAll;
import dirdump.outcome.Units;
import dirdump.read.ReadLimits;
import java.util.List;

/**
 * What a read did, for the summary (people, JSON) and for bench: the facts every pass has, and those
 * of a read: its readers, each device's order, and the facts each feature adds. {@code locatedAfter}
 * (every file located after the read, for the seek distance), {@code maxBytes}, {@code partRead} (the
 * file --max-bytes cut short), {@code replay}, {@code ioFallback} (why the native I/O was not used) and
 * {@code fitted} (with --max-bytes auto: the room that made the bound) are null where they do not apply.
 */
public record ReadResult(
        PassFacts facts,
        int readers,
        int bufferSize,
        List<DeviceOrder> devices,
        LocateAll.Result locatedAfter,
        ResidencyChange residency,
        Long maxBytes,
        boolean boundReached,
        ReadLimits.PartRead partRead,
        Replay replay,
        String ioFallback,
        AutoBound fitted) {

    public ExitCode exit() {
        return facts.exit();
    }

    public double seconds() {
        return facts.totalNanos() / 1e9;
    }

    /** Over the whole run, listing included: what the user waits for. In MiB, as every size (dirdump(1), "Units"). */
    public double mebibytesPerSecond() {
        return facts.totalNanos() == 0 ? 0 : facts.tally().bytesRead() / Units.MIB / seconds();
    }

    public double filesPerSecond() {
        return facts.totalNanos() == 0 ? 0 : facts.tally().filesRead() / seconds();
    }
}
