package dirdump.run;

import dirdump.cache.ResidencyChange;
import dirdump.order.DeviceOrder;
import dirdump.order.LocateAll;
import dirdump.outcome.Units;
import dirdump.read.DefaultReaders;
import dirdump.read.ReadLimits;
import dirdump.read.ReadPlan;
import java.util.List;

/**
 * What a read did, for the summary (people, JSON) and for bench: the facts every pass has, the
 * settings it was run with, what its pass did, and the order each device got.
 */
public record ReadResult(PassFacts facts, ReadSettings settings, Pass pass, Ordering ordering) {
    /**
     * What the read pass did: {@code readers} read (fewer than asked if the system refused threads),
     * through libc, or through java.nio for the reason {@code ioFallback} (else null); the residency
     * before and after; how far --max-bytes let it go; the plan it read by.
     */
    public record Pass(int readers, String ioFallback, ResidencyChange residency, Bound bound, ReadPlan plan) {
    }

    /**
     * The --max-bytes bound the read had ({@code maxBytes}, or null), whether it was reached, the file it
     * cut short ({@code partRead}, or null), and with --max-bytes auto the room that made it ({@code
     * fitted}, else null).
     */
    public record Bound(Long maxBytes, boolean reached, ReadLimits.PartRead partRead, AutoBound fitted) {
    }

    /** Each device's order; {@code locatedAfter}: every file located after the read, for the seek distance (or null). */
    public record Ordering(List<DeviceOrder> devices, LocateAll.Result locatedAfter) {
    }

    public int readers() {
        return pass.readers();
    }

    public int bufferSize() {
        return pass.plan().bufferSize();
    }

    /** Why that many readers, where -j was not given on a rotating disk (what locating the files found), else null. */
    public String readersReason() {
        DefaultReaders.Choice defaults = pass.plan().why().defaults();
        return defaults == null ? null : defaults.reason();
    }

    public List<DeviceOrder> devices() {
        return ordering.devices();
    }

    public LocateAll.Result locatedAfter() {
        return ordering.locatedAfter();
    }

    public ResidencyChange residency() {
        return pass.residency();
    }

    /** The --max-bytes bound, given or found by auto, or null. */
    public Long maxBytes() {
        return pass.bound().maxBytes();
    }

    public boolean boundReached() {
        return pass.bound().reached();
    }

    public ReadLimits.PartRead partRead() {
        return pass.bound().partRead();
    }

    /** With --max-bytes auto, the room that made the bound; else null. */
    public AutoBound fitted() {
        return pass.bound().fitted();
    }

    /** The --replay snapshot, or null. */
    public Replay replay() {
        return settings.replay();
    }

    public String ioFallback() {
        return pass.ioFallback();
    }

    /** The reads each reader kept in flight in its ring (io_uring), 0 for one at a time. */
    public int depth() {
        return pass.plan().depth();
    }

    /** Why the kernel refused a ring, where it did; else null. */
    public String ringRefused() {
        return pass.plan().why().ringRefused();
    }

    public ExitCode exit() {
        return facts.ending().exit();
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
